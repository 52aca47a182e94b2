import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config/index.js';
import { createDb, EmbeddedPostgresInUseError, findEmbeddedServer } from '../db/index.js';
import { computeHandoffReasonStats, formatHandoffReasonStats, resolveStatsPeriod } from '../handoff/index.js';
import { silentLogger } from '../shared/index.js';
import { type CliDatabase, openCliDatabase } from './open-cli-database.js';
import { CliFailure, runCliCommand } from './run-cli-command.js';

const USAGE = `usage: npm run report -- handoffs --from YYYY-MM-DD --to YYYY-MM-DD [--tenant SLUG]

Handoffs created in [from, to) by reason: count, claimed, unclaimed, median and p90 wait
from creation to claim (seconds). Plain dates are days in the tenant's time zone with
--tenant, in UTC across all tenants without it. --to is excluded.`;

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
    throw new CliFailure(`unknown report: ${positionals.join(' ') || '(none)'}\n${USAGE}`, 2);
  if (!values.from || !values.to) throw new CliFailure(`--from and --to are required\n${USAGE}`, 2);

  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    let tenant: { id: number; slug: string; timezone: string } | null = null;
    if (values.tenant) {
      tenant = await database.db.tenant.findUnique({ where: { slug: values.tenant }, select: { id: true, slug: true, timezone: true } });
      if (!tenant) throw new CliFailure(`no tenant with slug "${values.tenant}"`, 1);
    }
    const period = resolveStatsPeriod(values.from, values.to, tenant?.timezone ?? 'UTC');
    if (!period.ok) throw new CliFailure(period.problems.map((problem) => `--${problem.field}: ${problem.message}`).join('\n'), 2);
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
 * The database `npm start` uses (see open-cli-database.ts): DATABASE_URL when set, else the
 * embedded cluster under DATA_DIR, started for the report and stopped after. While a
 * running server owns that cluster it cannot be started twice, so the report connects to
 * the running one instead (read only), and says to stop the server or set DATABASE_URL
 * if even that fails.
 */
async function openDatabase(config: Config): Promise<CliDatabase> {
  if (!config.DATABASE_URL) {
    const dataDir = path.resolve(config.DATA_DIR, 'pg');
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) {
      throw new CliFailure(`no database: set DATABASE_URL, or run \`npm start\` once to create the embedded one in ${dataDir}`, 1);
    }
    const running = findEmbeddedServer(dataDir);
    if (running && !running.orphaned) return connectToRunningServer(dataDir, running.pid);
  }
  return openCliDatabase(config, silentLogger);
}

async function connectToRunningServer(dataDir: string, pid: number): Promise<CliDatabase> {
  const inUse = new EmbeddedPostgresInUseError(dataDir, pid);
  // postmaster.pid holds the port on its 4th line; the credentials are the embedded cluster's fixed ones.
  const port = Number.parseInt(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3] ?? '', 10);
  if (!Number.isInteger(port)) throw new CliFailure(inUse.message, 1);
  const db = createDb(`postgresql://postgres:postgres@127.0.0.1:${port}/wa_agenda`, { maxConnections: 2 });
  try {
    await db.$queryRaw`SELECT 1`;
  } catch {
    await db.$disconnect();
    throw new CliFailure(inUse.message, 1);
  }
  return { db, close: () => db.$disconnect() };
}

// Exit codes: 0 printed, 1 could not read the data, 2 bad arguments.
runCliCommand('report', USAGE, () => main(process.argv.slice(2)));
