import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../..');
const require = createRequire(import.meta.url);
const config = require(join(root, '.dependency-cruiser.cjs')) as {
  forbidden: { name: string; comment?: string }[];
  layers: { name: string; folders: string[] }[];
};

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  via?: { name: string }[];
}

/**
 * Stand-ins for real modules, imported by the probes. Each exists only so the probes have
 * something to import; none breaks a rule itself unless a rule names it below.
 */
const STAND_INS: Record<string, string> = {
  'src/boot/index.ts': 'export const boot = 1;\n',
  'src/whatsapp/index.ts': 'export const intake = 1;\n',
  'src/console/index.ts': 'export const consoleRoutes = 1;\n',
  'src/reminders/index.ts': 'export const reminders = 1;\n',
  'src/scheduling/index.ts': 'export const scheduling = 1;\n',
  'src/scheduling/appointments/index.ts': 'export const appointments = 1;\n',
  'src/scheduling/appointments/book-appointment.ts': 'export const book = 1;\n',
  'src/outbox/index.ts': 'export const outbox = 1;\n',
  'src/outbox/send-outbound-message.ts': 'export const send = 1;\n',
  'src/shared/index.ts': 'export const shared = 1;\n',
  'src/unmapped/index.ts': 'export const unmapped = 1;\n',
  // metrics/index.ts → a router helper → express: the indirect path the domain probe takes.
  'src/metrics/index.ts': "export { metricsRouter } from './metrics-router.js';\n",
  'src/metrics/metrics-router.ts': "import express from 'express';\nexport const metricsRouter = express.Router();\n",
  'src/agent/index.ts': "import Anthropic from '@anthropic-ai/sdk';\nexport const client = new Anthropic();\n",
  'src/generated/prisma/client.ts': 'export class PrismaClient {}\n',
  'src/contract/index.ts': "export type RunExit = 'success';\nexport const RUN_EXITS = ['success'];\n",
  'console-ui/src/app.tsx': 'export const App = 1;\n',
};

/** Modules that are allowed what the probes are not: no rule may fire from them. */
const ALLOWED: Record<string, string> = {
  'src/db/client.ts': "import { PrismaClient } from '../generated/prisma/client.js';\nexport const db = new PrismaClient();\n",
  'src/queue/start-worker.ts': "import pg from 'pg';\nimport { run } from 'graphile-worker';\nexport const start = [pg, run];\n",
  'src/admin/routes.ts':
    "import express from 'express';\nimport { shared } from '../shared/index.js';\nexport const r = [express, shared];\n",
  'src/offline-assistant/menu.ts': "import { scheduling } from '../scheduling/index.js';\nexport const menu = scheduling;\n",
  'console-ui/src/stats-page.ts': "import type { RunExit } from '../../src/contract/index.js';\nexport const exit: RunExit = 'success';\n",
};

/** One probe per rule: a module that breaks it, and the module the violation must name. */
const PROBES: { rule: string; file: string; text: string; indirect?: boolean }[] = [
  { rule: 'edges-import-only-downward', file: 'src/admin/probe.ts', text: "export { boot } from '../boot/index.js';\n" },
  { rule: 'application-import-only-downward', file: 'src/conversation/probe.ts', text: "export { intake } from '../whatsapp/index.js';\n" },
  { rule: 'domain-import-only-downward', file: 'src/privacy/probe.ts', text: "export { consoleRoutes } from '../console/index.js';\n" },
  { rule: 'infrastructure-import-only-downward', file: 'src/queue/probe.ts', text: "export { outbox } from '../outbox/index.js';\n" },
  { rule: 'every-folder-has-a-layer', file: 'src/telemetry/probe.ts', text: "export { unmapped } from '../unmapped/index.js';\n" },
  { rule: 'every-importing-folder-has-a-layer', file: 'src/lonely/probe.ts', text: "export { shared } from '../shared/index.js';\n" },
  {
    rule: 'below-the-edges-no-http-framework',
    file: 'src/handoff/probe.ts',
    text: "export { metricsRouter } from '../metrics/index.js';\n",
    indirect: true,
  },
  {
    rule: 'only-the-agent-reaches-the-model-sdk',
    file: 'src/offline-assistant/probe.ts',
    text: "export { client } from '../agent/index.js';\n",
    indirect: true,
  },
  {
    rule: 'only-db-imports-the-prisma-client',
    file: 'src/scheduling/probe.ts',
    text: "export { PrismaClient } from '../generated/prisma/client.js';\n",
  },
  {
    rule: 'only-db-and-queue-import-pg',
    file: 'src/whatsapp/probe.ts',
    text: "import pg from 'pg';\nexport const pool = new pg.Pool();\n",
  },
  { rule: 'only-queue-imports-graphile-worker', file: 'src/reminders/probe.ts', text: "export { run } from 'graphile-worker';\n" },
  {
    rule: 'components-meet-through-index',
    file: 'src/tenant/probe.ts',
    text: "export { send } from '../outbox/send-outbound-message.js';\n",
  },
  {
    rule: 'scheduling-parts-meet-through-index',
    file: 'src/scheduling/agenda/probe.ts',
    text: "export { book } from '../appointments/book-appointment.js';\n",
  },
  {
    rule: 'scheduling-does-not-know-its-subscribers',
    file: 'src/scheduling/appointments/probe.ts',
    text: "export { reminders } from '../../reminders/index.js';\n",
  },
  { rule: 'console-ui-stands-alone', file: 'console-ui/src/probe.ts', text: "export { shared } from '../../src/shared/index.js';\n" },
  {
    rule: 'console-ui-imports-contract-types-only',
    file: 'console-ui/src/contract-probe.ts',
    text: "export { RUN_EXITS } from '../../src/contract/index.js';\n",
  },
  { rule: 'contract-is-self-contained', file: 'src/contract/probe.ts', text: "export { shared } from '../shared/index.js';\n" },
  {
    rule: 'the-server-does-not-import-the-console-ui',
    file: 'src/http/probe.ts',
    text: "export { App } from '../../console-ui/src/app.js';\n",
  },
  { rule: 'no-date-fns-barrels', file: 'src/shared/probe.ts', text: "export { format } from 'date-fns';\n" },
  { rule: 'no-circular', file: 'src/credentials/probe-a.ts', text: "import { b } from './probe-b.js';\nexport const a = () => b;\n" },
  // the same rule outside src/: the soak's modules (bench/, test/ and scripts/ are cruised too)
  { rule: 'no-circular', file: 'bench/soak/probe-a.ts', text: "import { b } from './probe-b.js';\nexport const a = () => b;\n" },
];
const CYCLE_PARTNER = {
  'src/credentials/probe-b.ts': "import { a } from './probe-a.js';\nexport const b = () => a;\n",
  'bench/soak/probe-b.ts': "import { a } from './probe-a.js';\nexport const b = () => a;\n",
};

let workspace: string;
let violations: Violation[];

/** A throwaway tree with the real rules, the project's node_modules and only the files above. */
function cruiseProbes(): Violation[] {
  workspace = mkdtempSync(join(tmpdir(), 'wa-agenda-probes-'));
  const files = { ...STAND_INS, ...ALLOWED, ...CYCLE_PARTNER, ...Object.fromEntries(PROBES.map((probe) => [probe.file, probe.text])) };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(workspace, file)), { recursive: true });
    writeFileSync(join(workspace, file), text);
  }
  for (const file of ['tsconfig.json', 'package.json']) copyFileSync(join(root, file), join(workspace, file));
  symlinkSync(join(root, 'node_modules'), join(workspace, 'node_modules'));
  // The real config; only told to keep node_modules/ paths as linked here, as they are in the project.
  writeFileSync(
    join(workspace, 'probe-rules.cjs'),
    `const real = require(${JSON.stringify(join(root, '.dependency-cruiser.cjs'))});\n` +
      'module.exports = { ...real, options: { ...real.options, preserveSymlinks: true } };\n',
  );
  const cli = join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs');
  const run = spawnSync(process.execPath, [cli, 'src', 'console-ui', 'bench', '--config', 'probe-rules.cjs', '--output-type', 'json'], {
    cwd: workspace,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (!run.stdout.trim().startsWith('{')) throw new Error(`dependency-cruiser did not answer JSON: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

describe('the dependency rules', () => {
  beforeAll(() => {
    violations = cruiseProbes();
  }, 60_000);
  afterAll(() => rmSync(workspace, { recursive: true, force: true }));

  it('each have a probe, and each say why', () => {
    expect([...new Set(PROBES.map((probe) => probe.rule))].sort()).toEqual(config.forbidden.map((rule) => rule.name).sort());
    for (const rule of config.forbidden) expect(rule.comment, rule.name).toMatch(/\w{3,}.*\w{3,}/);
  });

  it.each(PROBES)('$rule fires on its probe', ({ rule, file, indirect }) => {
    const fired = violations.filter((violation) => violation.rule.name === rule && violation.from === file);
    expect(fired, `${rule} did not fire on ${file}`).not.toHaveLength(0);
    // An indirect path: the probe imports no framework itself, a module it imports does.
    if (indirect) expect(fired.some((violation) => (violation.via?.length ?? 0) >= 2)).toBe(true);
  });

  it('stay silent on modules that are allowed what the probes are not', () => {
    const allowed = [...Object.keys(ALLOWED), ...Object.keys(STAND_INS).filter((file) => !file.startsWith('src/metrics/'))];
    expect(violations.filter((violation) => allowed.includes(violation.from))).toEqual([]);
  });

  it('map every folder of src/ to exactly one layer', () => {
    const folders = config.layers.flatMap((layer) => layer.folders);
    expect(new Set(folders).size).toBe(folders.length);
    const present = readdirSync(join(root, 'src'), { withFileTypes: true }).map((entry) => entry.name);
    expect(present.filter((name) => !folders.includes(name))).toEqual([]);
    expect(config.layers.map((layer) => layer.name)).toEqual(['composition', 'edges', 'application', 'domain', 'infrastructure']);
  });
});
