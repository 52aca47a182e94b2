import { writeFile } from 'node:fs/promises';
import { formatSoakReport } from './soak/report.js';
import { runSoak, type SoakOptions } from './soak/run-soak.js';
import { parseSoakFlags, type SoakNumberFlag } from './soak/soak-flags.js';
import { formatStatementCosts } from './soak/statement-costs.js';

/**
 * `npm run soak`: the whole service under a busy Monday morning's load and faults, on
 * loopback (see docs/soak.md). Flags: --customers N --messages M --kills K --seed S --concurrency C (per worker)
 * --web N --workers N (processes) --rate R (open loop: R inbound messages per second, turns every --turn-interval ms)
 * --ramp-to R (open loop whose offered rate grows linearly from 0 to R: where does it saturate?) --keep-database
 * --samples FILE (the capacity sampler's seconds as JSON, also when the run passes)
 * --statements (what each SQL statement cost per message: time and WAL, from pg_stat_statements)
 * --pgbouncer (the web processes through PgBouncer in transaction mode; the workers direct)
 * --replica (a streaming replica of an embedded primary serves the console's named reads; a staff reader checks read-your-writes).
 * Exits 1 on any lost message, duplicate reply or double booking, or an unanswered chat, and on a paid deposit
 * not booked, a lapsed hold not freed, a stuck `pending_payment` or a waitlist-offered slot booked twice;
 * 2 on an unknown flag or a bad value (nothing is started).
 */
const USAGE =
  'usage: npm run soak [-- --customers N] [--messages M] [--kills K] [--seed S]\n' +
  '         [--concurrency C] [--web N] [--workers N] [--rate R [--turn-interval MS]] [--ramp-to R]\n' +
  '         [--keep-database] [--samples FILE] [--statements] [--pgbouncer] [--replica]\n\n' +
  'The load and fault soak over separate processes (see docs/soak.md); exits 1 on any lost message,\n' +
  'duplicate reply, double booking or unanswered chat.\n';

const parsed = parseSoakFlags(process.argv.slice(2));
if (parsed.kind === 'help') {
  process.stdout.write(USAGE);
  process.exit(0);
}
if (parsed.kind === 'refused') {
  process.stderr.write(`npm run soak: ${parsed.problem}\n\n${USAGE}`);
  process.exit(2);
}
const { flags } = parsed;
const argument = (name: SoakNumberFlag, fallback: number) => flags.numbers[name] ?? fallback;
const given = (name: SoakNumberFlag) => flags.numbers[name] !== undefined;
const samplesFile = flags.samplesFile;

const FULL_SOAK: Omit<SoakOptions, 'log'> = {
  customers: argument('customers', 200),
  messagesPerCustomer: argument('messages', 5),
  tenants: 4,
  webProcesses: argument('web', 2),
  workerProcesses: argument('workers', 2),
  workerKills: argument('kills', 2),
  workerConcurrency: argument('concurrency', 48),
  debounceMs: 1000,
  modelLatencyMs: [300, 1500],
  modelErrorRate: 0.05,
  graphLatencyMs: [20, 100],
  graphErrorRate: 0.02,
  duplicateRate: 0.1,
  arrivalWindowMs: 60_000,
  ...(given('rate') ? { offeredRate: argument('rate', 10), turnIntervalMs: argument('turn-interval', 8000) } : {}),
  ...(given('ramp-to') ? { rampToRate: argument('ramp-to', 20), turnIntervalMs: argument('turn-interval', 8000) } : {}),
  replyTimeoutMs: 45_000,
  thinkMs: [300, 2000],
  burstGapMs: [100, 400],
  delayedDuplicateMs: [500, 5000],
  drainTimeoutMs: 90_000,
  seed: argument('seed', 20261130),
  serverUrl: process.env.DATABASE_URL || undefined,
  keepDatabase: flags.switches.has('keep-database'),
  statementCosts: flags.switches.has('statements'),
  pgbouncer: flags.switches.has('pgbouncer'),
  replica: flags.switches.has('replica'),
};

async function main() {
  const log = (line: string) => process.stderr.write(`[soak] ${line}\n`);
  const result = await runSoak({ ...FULL_SOAK, log });
  process.stdout.write(`\n${formatSoakReport(result.figures, result.checks)}\n\n`);
  if (result.statements) process.stdout.write(`${formatStatementCosts(result.statements, result.checks.inboundSent)}\n\n`);
  if (samplesFile) {
    await writeFile(samplesFile, JSON.stringify({ figures: result.figures, samples: result.samples }));
    process.stdout.write(`capacity samples: ${samplesFile}\n`);
  }
  for (const orphan of result.checks.orphanDetails)
    process.stdout.write(`  accepted by Meta, unknown to the outbox: ${JSON.stringify(orphan)}\n`);
  if (result.failures.length > 0) {
    process.stdout.write(`FAILED: ${result.failures.join('; ')}\n`);
    for (const item of result.checks.unanswered.slice(0, 10)) process.stdout.write(`  unanswered ${item.waId}: "${item.lastInbound}"\n`);
    for (const item of result.checks.duplicateReplies.slice(0, 10))
      process.stdout.write(`  duplicate (${item.kind}) to ${item.to}: "${item.text}"\n`);
    for (const job of result.checks.leftoverJobs) process.stdout.write(`  job left: ${JSON.stringify(job)}\n`);
    for (const miss of result.figures.replica?.readYourWrites.misses.slice(0, 10) ?? [])
      process.stdout.write(`  read after a write missed it: ${miss}\n`);
    for (const failure of result.figures.replica?.staffFailures.slice(0, 10) ?? []) process.stdout.write(`  console request: ${failure}\n`);
    process.stdout.write(`service logs: ${result.logDir}\n`);
    process.exit(1);
  }
  process.stdout.write(
    'PASSED: nothing lost, nothing answered twice, no double booking, every conversation answered or handed off,\n' +
      '        every paid deposit booked, every lapsed hold freed, no offered slot booked twice\n',
  );
  process.exit(0);
}

main().catch((error: unknown) => {
  process.stderr.write(`soak failed to run: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(2);
});
