// The import rules of src/, checked by `npm run check` (dependency-cruiser). Each rule says why.
// Layers: entry points (main, boot, http, whatsapp, admin, queue, cli) → conversation, agent,
// offline-assistant → the domain (reminders → scheduling, handoff, outbox, tenant) → db, shared, config.
const DOMAIN = '^src/(scheduling|handoff|outbox|tenant|reminders|auth)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'only-main-imports-boot',
      severity: 'error',
      comment:
        'boot/ is the composition root: it decides which implementation each component gets. A component that imports ' +
        'it would reach the wiring (and usually everything else) instead of receiving its dependencies.',
      from: { path: '^src/', pathNot: ['^src/main\\.ts$', '^src/boot/'] },
      to: { path: '^src/boot/' },
    },
    {
      name: 'domain-stays-plain',
      severity: 'error',
      comment:
        'The domain (scheduling, reminders, handoff, outbox, tenant) holds the rules and the data they guard. It must not know ' +
        'HTTP (express), the model (the Anthropic SDK) or the components that call it (webhook, admin, agent, ' +
        'conversation, offline assistant, CLI), so it can be tested and reused without them.',
      from: { path: DOMAIN },
      to: {
        path: [
          '^node_modules/(express|@anthropic-ai/sdk)/',
          '^src/(whatsapp|admin|agent|conversation|offline-assistant|http|cli|boot)/',
        ],
      },
    },
    {
      name: 'components-meet-through-index',
      severity: 'error',
      comment:
        "A folder is one component; others reach it only through its index.ts, so what it exports is its contract and " +
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
        'The scheduling domain tells whoever boot/ subscribed (reminders, later the waitlist and deposits) through its ' +
        '"appointment changed" hook; importing them would make it one component with each of them again.',
      from: { path: '^src/scheduling/' },
      to: { path: '^src/reminders/' },
    },
    {
      name: 'only-db-imports-the-prisma-client',
      severity: 'error',
      comment:
        'The generated Prisma client is reached through src/db (createDb, Db, Prisma types), the one data-access ' +
        'module that knows how it is built and where it lives.',
      from: { path: '^src/', pathNot: ['^src/db/', '^src/generated/'] },
      to: { path: '^src/generated/' },
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
        'module initialisation order matter. Break it by moving the shared part down a layer or injecting it.',
      from: { path: '^src/', pathNot: '^src/generated/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/generated/' },
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
