import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { createBenchDatabase } from '../bench/support/bench-database.js';
import { createAnthropicClient } from '../src/agent/index.js';
import { loadConfig } from '../src/config/index.js';
import { createDb } from '../src/db/index.js';
import { createLogger } from '../src/shared/index.js';
import { formatEvalReport, loadScenarios, runEval } from './harness/run-eval.js';

/**
 * `npm run eval [-- --record] [--scenarios DIR] [--strict] [--verbose]`: the agent's evaluation
 * scenarios on a fresh database (a throwaway one on DATABASE_URL's server, else an embedded
 * PostgreSQL). With ANTHROPIC_API_KEY the real Claude answers (`--record` saves each
 * exchange under eval/recordings/); without it recordings are replayed and the other
 * scenarios run their scripted model. Exits 1 on any false success; with `--strict` also on
 * any scenario that did not go as expected.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      record: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      verbose: { type: 'boolean', default: false },
      scenarios: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    process.stdout.write(
      'usage: npm run eval [-- --record] [--scenarios DIR] [--strict] [--verbose]\n\n' +
        "The agent's evaluation scenarios on a fresh database (see docs/evaluation.md). Exits 1 on any false\n" +
        'success; with --strict also on any scenario that did not go as expected.\n',
    );
    return 0;
  }
  const config = loadConfig();
  const logger = createLogger(values.verbose ? 'info' : 'silent');
  const scenariosDir = values.scenarios
    ? pathToFileURL(`${values.scenarios.replace(/\/?$/, '/')}`)
    : new URL('./scenarios/', import.meta.url);
  const scenarios = loadScenarios(scenariosDir);
  const live = config.ANTHROPIC_API_KEY ? createAnthropicClient(config) : undefined;
  if (values.record && !live) throw new Error('--record needs ANTHROPIC_API_KEY: there is nothing to record from a scripted model');
  process.stdout.write(
    `wa-agenda eval: ${scenarios.length} scenarios, ${live ? `live against ${config.ANTHROPIC_MODEL}` : 'replay/scripted (no ANTHROPIC_API_KEY)'}\n`,
  );
  const database = await createBenchDatabase({ prefix: 'wa_eval', serverUrl: config.DATABASE_URL, queue: true, logger });
  const db = createDb(database.url);
  try {
    const report = await runEval(db, scenarios, {
      config: { ...config, ANTHROPIC_MAX_RETRIES: live ? config.ANTHROPIC_MAX_RETRIES : 0 },
      logger,
      tenantsDir: new URL('./tenants/', import.meta.url),
      recordingsDir: new URL('./recordings/', import.meta.url),
      live,
      record: values.record,
    });
    process.stdout.write(`${formatEvalReport(report)}\n`);
    if (report.falseSuccesses.length > 0) return 1;
    return values.strict && report.mismatches.length > 0 ? 1 : 0;
  } finally {
    await db.$disconnect();
    await database.dispose();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`eval failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  },
);
