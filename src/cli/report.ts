import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, ConfigError, loadConfig } from '../config/index.js';
import { createDb, type Db, startEmbeddedPostgres } from '../db/index.js';
import { computeHandoffReasonStats, formatHandoffReasonStats, resolveStatsPeriod } from '../handoff/index.js';
import { silentLogger } from '../shared/index.js';

const USAGE = `usage: npm run report -- handoffs --from YYYY-MM-DD --to YYYY-MM-DD [--tenant SLUG]

Handoffs created in [from, to) by reason: count, claimed, unclaimed, median and p90 wait
from creation to claim (seconds). Plain dates are days in the tenant's time zone with
--tenant, in UTC across all tenants without it. --to is excluded.`;

/** Exit codes: 0 printed, 1 could not read the data, 2 bad arguments. */
class ReportFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: 1 | 2,
  ) {
    super(message);
  }
}

async function main(argv: string[]): Promise<void> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { from: { type: 'string' }, to: { type: 'string' }, tenant: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (positionals[0] !== 'handoffs' || positionals.length !== 1)
    throw new ReportFailure(`unknown report: ${positionals.join(' ') || '(none)'}\n${USAGE}`, 2);
  if (!values.from || !values.to) throw new ReportFailure(`--from and --to are required\n${USAGE}`, 2);

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    let tenant: { id: number; slug: string; timezone: string } | null = null;
    if (values.tenant) {
      tenant = await database.db.tenant.findUnique({ where: { slug: values.tenant }, select: { id: true, slug: true, timezone: true } });
      if (!tenant) throw new ReportFailure(`no tenant with slug "${values.tenant}"`, 1);
    }
    const period = resolveStatsPeriod(values.from, values.to, tenant?.timezone ?? 'UTC');
    if (!period.ok) throw new ReportFailure(period.problems.map((problem) => `--${problem.field}: ${problem.message}`).join('\n'), 2);
    const stats = await computeHandoffReasonStats(database.db, {
      ...(tenant ? { tenantId: tenant.id } : {}),
      from: period.from,
      to: period.to,
    });
    process.stdout.write(`${tenant ? `Tenant ${tenant.slug} (${tenant.timezone})` : 'All tenants (UTC)'}\n`);
    process.stdout.write(formatHandoffReasonStats(stats));
  } finally {
    await database.close();
  }
}

/**
 * DATABASE_URL when set. Otherwise the embedded cluster under DATA_DIR: if `npm start` is
 * running it serves that cluster, so the report connects to it (it must not start a second
 * server on the same data); if not, the report starts the cluster itself and stops it after.
 */
async function openDatabase(config: Config): Promise<{ db: Db; close(): Promise<void> }> {
  if (config.DATABASE_URL) return withDb(config.DATABASE_URL, async () => undefined);
  const dataDir = path.resolve(config.DATA_DIR, 'pg');
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new ReportFailure(`no database: set DATABASE_URL, or run \`npm start\` once to create the embedded one in ${dataDir}`, 1);
  }
  const runningPort = portOfRunningServer(dataDir);
  if (runningPort !== null) {
    const opened = await withDb(embeddedUrl(runningPort), async () => undefined);
    try {
      await opened.db.$queryRaw`SELECT 1`;
      return opened;
    } catch {
      await opened.close();
      throw new ReportFailure(
        `the embedded database in ${dataDir} belongs to a running server that does not accept this connection: set DATABASE_URL or stop the server`,
        1,
      );
    }
  }
  const embedded = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT, database: 'wa_agenda', logger: silentLogger });
  return withDb(embedded.url, () => embedded.stop());
}

async function withDb(url: string, afterDisconnect: () => Promise<void>) {
  const db = createDb(url, { maxConnections: 2 });
  return {
    db,
    close: async () => {
      await db.$disconnect();
      await afterDisconnect();
    },
  };
}

// The embedded cluster's fixed credentials (see src/db/embedded-postgres.ts).
const embeddedUrl = (port: number) => `postgresql://postgres:postgres@127.0.0.1:${port}/wa_agenda`;

/** The port of the postmaster serving `dataDir` when one is alive (postmaster.pid: pid on line 1, port on line 4). */
function portOfRunningServer(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  const port = Number.parseInt(lines[3] ?? '', 10);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
    return port;
  } catch {
    return null;
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof ReportFailure || error instanceof ConfigError) {
    process.stderr.write(`${error.message}\n`);
    process.exitCode = error instanceof ReportFailure ? error.exitCode : 1;
    return;
  }
  if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
    process.stderr.write(`${error.message}\n${USAGE}\n`);
    process.exitCode = 2;
    return;
  }
  process.stderr.write(`report failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
