// The import rules of src/ and console-ui/, checked by `npm run check` (dependency-cruiser).
// The layers are declared once, below; the layer rules are generated from that map, and every
// rule says why in its `comment`. test/architecture/dependency-rules.test.ts shows each rule
// firing on a probe, and scripts/architecture-diagram.ts draws docs/architecture.md's diagram
// from the same map.

/**
 * Top to bottom. A folder may import its own layer and the layers below it, never one above.
 * A folder listed here that does not exist yet (e.g. `auth/` before it lands) is fine.
 */
const LAYERS = [
  {
    name: 'composition',
    folders: ['main.ts', 'boot'],
    comment: 'the only wiring: which implementation each component gets, started by main.ts',
  },
  {
    name: 'edges',
    folders: ['http', 'admin', 'console', 'cli', 'whatsapp'],
    comment: 'HTTP routes, the console, the CLI and the WhatsApp intake: parse, authorise, call below, translate its values',
  },
  {
    name: 'application',
    folders: ['conversation', 'agent', 'offline-assistant', 'reminders', 'waitlist-offers'],
    comment: "a turn, the Claude loop, the offline assistant, reminders' sending and answers, and the waitlist's offers and taps",
  },
  {
    name: 'domain',
    folders: ['scheduling', 'handoff', 'outbox', 'privacy', 'tenant', 'auth', 'answer-claims', 'deposits'],
    comment: 'the rules and the data they guard: the agenda, handoffs, outbound messages, tenants, staff and keys',
  },
  {
    name: 'infrastructure',
    folders: ['contract', 'graph', 'mercadopago', 'queue', 'db', 'generated', 'credentials', 'transcription', 'metrics', 'telemetry', 'shared', 'config'],
    comment: 'outside services and plumbing: the Graph API, the job queue, Prisma, secrets, metrics, logger, config',
  },
];

/** A regular expression matching the modules of `folders` (a folder, or a file of src/ itself such as main.ts). */
const folderPattern = (folders) =>
  `^src/(${folders.map((folder) => (folder.endsWith('.ts') ? `${folder.replaceAll('.', '\\.')}$` : `${folder}/`)).join('|')})`;
const foldersOf = (layers) => layers.flatMap((layer) => layer.folders);
const layerIndex = (name) => LAYERS.findIndex((layer) => layer.name === name);
const below = (name) => LAYERS.slice(layerIndex(name) + 1);
const ALL_MAPPED = folderPattern(foldersOf(LAYERS));

/** One rule per layer: it imports nothing from the layers above it. */
const layerRules = LAYERS.slice(1).map((layer, index) => {
  const above = LAYERS.slice(0, index + 1);
  return {
    name: `${layer.name}-import-only-downward`,
    severity: 'error',
    comment:
      `The ${layer.name} layer (${layer.comment}) may import itself and the layers below it, never ` +
      `${above.map((upper) => upper.name).join(' or ')}: a component that reaches up into its callers can no ` +
      'longer be understood, tested or replaced without them.',
    from: { path: folderPattern(layer.folders) },
    to: { path: folderPattern(foldersOf(above)) },
  };
});

/** Everything below the edges: it knows no HTTP framework, not even through a helper. */
const BELOW_EDGES = folderPattern(foldersOf(below('edges')));

/** @type {import('dependency-cruiser').IConfiguration} */
const config = {
  forbidden: [
    ...layerRules,
    {
      name: 'every-folder-has-a-layer',
      severity: 'error',
      comment:
        'A new top-level folder of src/ names its layer in LAYERS (.dependency-cruiser.cjs) first; until it does, ' +
        'no layer rule would check it and the architecture diagram would not show it.',
      from: { path: '^src/' },
      to: { path: '^src/', pathNot: ALL_MAPPED },
    },
    {
      name: 'every-importing-folder-has-a-layer',
      severity: 'error',
      comment: 'The same for a folder whose modules import others but are not imported themselves.',
      from: { path: '^src/', pathNot: ALL_MAPPED },
      to: {},
    },
    {
      name: 'below-the-edges-no-http-framework',
      severity: 'error',
      comment:
        'Only the edges (and boot/) speak HTTP. The application, the domain and the infrastructure never reach express ' +
        'or its middleware, not even through another module (reachable, not only direct), so they run without a server ' +
        'and domain functions take plain objects, never `req`.',
      from: { path: BELOW_EDGES },
      to: { path: '^node_modules/(express|helmet|pino-http|@types/express)/', reachable: true },
    },
    {
      name: 'only-the-agent-reaches-the-model-sdk',
      severity: 'error',
      comment:
        'The Anthropic SDK is the agent loop\'s business (src/agent/, wired by boot/). Nothing else reaches it, directly ' +
        'or through another module, so the offline assistant, the domain and the edges run and test without it.',
      from: { path: '^(src|console-ui)/', pathNot: '^src/(agent|boot)/|^src/main\\.ts$' },
      to: { path: '^node_modules/@anthropic-ai/sdk/', reachable: true },
    },
    {
      name: 'only-db-imports-the-prisma-client',
      severity: 'error',
      comment:
        'The generated Prisma client and its driver adapter are reached through src/db (createDb, Db, Tx, Prisma types), ' +
        'the one data-access module that knows how the client is built and where it lives. A direct import rule: ' +
        'everything reaches the client through db/ by design.',
      from: { path: '^src/', pathNot: '^src/(db|generated)/' },
      to: { path: '^src/generated/|^node_modules/@prisma/(client|adapter-pg)/' },
    },
    {
      name: 'only-db-and-queue-import-pg',
      severity: 'error',
      comment:
        'Plain node-postgres connections are made in db/ (the pools, migrations) and used by queue/ (graphile-worker ' +
        "takes a pg pool); boot/ creates every pool through db/. Anyone else would open connections nobody counts or ends.",
      from: { path: '^src/', pathNot: '^src/(db|queue)/' },
      to: { path: '^node_modules/pg/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'only-queue-imports-graphile-worker',
      severity: 'error',
      comment:
        "graphile-worker's Node API is imported by queue/ only, and its private tables are named by queue/graphile-schema.ts " +
        'only (which a test checks against the installed schema); the rest enqueues and completes jobs through queue/. ' +
        'Two set-based statements elsewhere (the intake, reminders) call its public SQL functions add_jobs and add_job.',
      from: { path: '^src/', pathNot: '^src/queue/' },
      to: { path: '^node_modules/graphile-worker/' },
    },
    {
      name: 'components-meet-through-index',
      severity: 'error',
      comment:
        'A folder is one component; others reach it only through its index.ts, so what it exports is its contract and ' +
        'its files can be split or renamed freely.',
      from: { path: '^src/([^/]+)/' },
      to: {
        path: '^src/[^/]+/',
        pathNot: ['^src/$1/', '^src/[^/]+/index\\.ts$', '^src/scheduling/[^/]+/index\\.ts$', '^src/generated/'],
      },
    },
    {
      name: 'scheduling-parts-meet-through-index',
      severity: 'error',
      comment:
        'scheduling/ is several sub-components (availability, appointments, agenda, calendar feed, receipts, the ' +
        "tools' adapter, …); each is reached, from inside scheduling too, only through its index.ts.",
      from: { path: '^src/scheduling/([^/]+)/' },
      to: { path: '^src/scheduling/[^/]+/', pathNot: ['^src/scheduling/$1/', '^src/scheduling/[^/]+/index\\.ts$'] },
    },
    {
      name: 'scheduling-does-not-know-its-subscribers',
      severity: 'error',
      comment:
        'The scheduling domain tells whoever boot/ subscribed (reminders, deposits, the waitlist\'s offers) through its ' +
        '"appointment changed" and "block removed" hooks; importing them would make it one component with each of them again.',
      from: { path: '^src/scheduling/' },
      to: { path: '^src/(reminders|deposits|waitlist-offers)/' },
    },
    {
      name: 'console-ui-stands-alone',
      severity: 'error',
      comment:
        "The console's front end is built for the browser by its own tsconfig: of the server it sees only the response " +
        'types of src/contract/, never server code.',
      from: { path: '^console-ui/' },
      to: { path: '^src/', pathNot: '^src/contract/' },
    },
    {
      name: 'console-ui-imports-contract-types-only',
      severity: 'error',
      comment: 'The contract reaches the console as types (`import type`): nothing of the server ends up in its bundle.',
      from: { path: '^console-ui/' },
      to: { path: '^src/contract/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-is-self-contained',
      severity: 'error',
      comment:
        'src/contract/ is compiled by the console too (browser lib, no Node types): it imports nothing but its own files. ' +
        'The server ties its unions to the contract with type-level checks on its side.',
      from: { path: '^src/contract/' },
      to: { pathNot: '^src/contract/' },
    },
    {
      name: 'the-server-does-not-import-the-console-ui',
      severity: 'error',
      comment: 'The server serves the built console (dist/console-ui/) as files; its source is not a server module.',
      from: { path: '^src/' },
      to: { path: '^console-ui/' },
    },
    {
      name: 'no-date-fns-barrels',
      severity: 'error',
      comment:
        "Import date-fns functions and locales by their own paths ('date-fns/format', 'date-fns/locale/pt-BR'). " +
        'The barrels load every function or every locale (about 1 000 modules), and on Node 24 each date-fns module ' +
        'costs several times what it did on Node 20: the service took 20+ s to start on a busy machine.',
      from: { path: '^src/' },
      to: { path: '^node_modules/date-fns/(index|locale)\\.(c?js|mjs)$' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle makes two components one (neither can be understood, tested or changed alone) and makes ' +
        'module initialisation order matter. Break it by moving the shared part down a layer or injecting it. ' +
        'It holds for the benchmarks, the soak, the tests and the scripts too.',
      from: { path: '^(src|console-ui|bench|test|scripts)/', pathNot: '^src/generated/' },
      to: { circular: true },
    },
  ],
  options: {
    // The generated Prisma client is a module like any other (so importing it is an edge the
    // rules see), but its own thousands of imports are not followed.
    doNotFollow: { path: ['node_modules', '^src/generated/'] },
    // swc parses TypeScript itself (TypeScript 7's package has no compiler API for the checker to use).
    // Type-only imports count too (they couple components just the same): swc reports them as
    // `type-only` dependencies on its own. `tsPreCompilationDeps` is the tsc parser's switch for
    // that; set here it only makes the checker warn that no usable tsc is installed.
    parser: 'swc',
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};

// The map itself travels with the config (not enumerable: the checker validates the config's
// keys) for the probe test and the diagram script.
Object.defineProperty(config, 'layers', { value: LAYERS, enumerable: false });
module.exports = config;
