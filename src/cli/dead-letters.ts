import { parseArgs } from 'node:util';
import { loadConfig } from '../config/index.js';
import { silentLogger } from '../shared/index.js';
import { listDeadLetters, replayDeadLetter } from '../whatsapp/index.js';
import { openCliDatabase } from './open-cli-database.js';
import { CliFailure, runCliCommand } from './run-cli-command.js';

const USAGE = `usage: npm run dead-letters -- list [--all] [--limit N]
       npm run dead-letters -- replay ID [ID…] | --pending

Webhook items the service could not store (table webhook_dead_letters): list shows the ones
not replayed yet (--all: every one), newest first; replay runs them through the webhook
intake again. A replay that fails again keeps the row and records replay_error.`;

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      all: { type: 'boolean' },
      pending: { type: 'boolean' },
      limit: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const [command, ...ids] = positionals;
  if (command !== 'list' && command !== 'replay') throw new CliFailure(`unknown command: ${command ?? '(none)'}\n${USAGE}`, 2);
  const numericIds = ids.map(Number);
  if (numericIds.some((id) => !Number.isInteger(id) || id <= 0)) throw new CliFailure(`ids must be positive integers\n${USAGE}`, 2);
  if (command === 'replay' && numericIds.length === 0 && !values.pending)
    throw new CliFailure(`replay needs ids or --pending\n${USAGE}`, 2);
  const config = loadConfig();
  const database = await openCliDatabase(config, silentLogger);
  try {
    if (command === 'list') {
      const rows = await listDeadLetters(database.db, { all: values.all, limit: values.limit ? Number(values.limit) : undefined });
      if (rows.length === 0) process.stdout.write('no dead letters\n');
      for (const row of rows) {
        process.stdout.write(
          `#${row.id} ${row.createdAt.toISOString()} ${row.kind} field=${row.field ?? '-'} tenant=${row.tenantId ?? '-'} ` +
            `${row.replayedAt ? `replayed ${row.replayedAt.toISOString()}` : 'pending'}\n  ${row.error}` +
            `${row.replayError ? `\n  last replay: ${row.replayError}` : ''}\n`,
        );
      }
      return;
    }
    const targets =
      numericIds.length > 0 ? numericIds : (await listDeadLetters(database.db, { limit: 1000 })).map((row) => row.id).reverse();
    let failed = 0;
    for (const id of targets) {
      const outcome = await replayDeadLetter(
        {
          db: database.db,
          logger: silentLogger,
          schedule: { debounceMs: config.DEBOUNCE_MS, maxWaitMs: config.DEBOUNCE_MAX_WAIT_MS, maxAttempts: config.JOB_MAX_ATTEMPTS },
        },
        id,
      );
      if (outcome.kind === 'failed_again' || outcome.kind === 'not_found') failed++;
      process.stdout.write(`#${id}: ${outcome.kind}${outcome.kind === 'failed_again' ? ` (${outcome.error})` : ''}\n`);
    }
    if (failed > 0) process.exitCode = 1;
  } finally {
    await database.close();
  }
}

runCliCommand('dead-letters', USAGE, () => main(process.argv.slice(2)));
