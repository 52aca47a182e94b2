import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Config, loadConfig } from '../config/index.js';
import { createDb, EmbeddedPostgresInUseError, findEmbeddedServer } from '../db/index.js';
import { computeDepositStats, formatDepositStats } from '../deposits/index.js';
import { computeHandoffReasonStats, formatHandoffReasonStats, resolveStatsPeriod } from '../handoff/index.js';
import { computeReminderStats, formatReminderStats } from '../reminders/index.js';
import { silentLogger, systemClock } from '../shared/index.js';
import { type CliDatabase, openCliDatabase } from './open-cli-database.js';
import { CliFailure, runCliCommand } from './run-cli-command.js';

const USAGE = `usage: npm run report -- handoffs --from YYYY-MM-DD --to YYYY-MM-DD [--tenant SLUG]
       npm run report -- reminders --from YYYY-MM-DD --to YYYY-MM-DD [--tenant SLUG]
       npm run report -- deposits --from YYYY-MM-DD --to YYYY-MM-DD [--tenant SLUG]

handoffs: handoffs created in [from, to) by reason: count, claimed, unclaimed, median and
p90 wait from creation to claim (seconds). Plain dates are days in the tenant's time zone
with --tenant, in UTC across all tenants without it.

reminders: per tenant (one table each without --tenant), for appointments starting in
[from, to): reminded, confirmed / cancelled / rescheduled through a reminder, and the
no-show rate of confirmed vs unconfirmed ones. Plain dates are days in each tenant's
time zone. --to is excluded.

deposits: per tenant, for appointments starting in [from, to): deposits by Pix collected
(and of those forfeited by a late cancellation or a no-show), refunded, expired unpaid,
pending and waived, with their amounts. Plain dates are days in each tenant's time zone.`;

const REPORTS = ['handoffs', 'reminders', 'deposits'] as const;

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
  const report = positionals[0];
  if (!REPORTS.some((name) => name === report) || positionals.length !== 1)
    throw new CliFailure(`unknown report: ${positionals.join(' ') || '(none)'}\n${USAGE}`, 2);
  if (!values.from || !values.to) throw new CliFailure(`--from and --to are required\n${USAGE}`, 2);
  const request = { from: values.from, to: values.to, tenant: values.tenant };

  const config = loadConfig();
  const database = await onReplicaIfAny(config, await openDatabase(config));
  try {
    if (report === 'reminders') await reportReminders(database, request);
    else if (report === 'deposits') await reportDeposits(database, request);
    else await reportHandoffs(database, request);
  } finally {
    await database.close();
  }
}

interface ReportRequest {
  from: string;
  to: string;
  tenant: string | undefined;
}

type ReportTenant = { id: number; slug: string; timezone: string };

async function findTenant(database: CliDatabase, slug: string): Promise<ReportTenant> {
  const tenant = await database.db.tenant.findUnique({ where: { slug }, select: { id: true, slug: true, timezone: true } });
  if (!tenant) throw new CliFailure(`no tenant with slug "${slug}"`, 1);
  return tenant;
}

function periodIn(request: ReportRequest, timeZone: string): { from: Date; to: Date } {
  const period = resolveStatsPeriod(request.from, request.to, timeZone);
  if (!period.ok) throw new CliFailure(period.problems.map((problem) => `--${problem.field}: ${problem.message}`).join('\n'), 2);
  return period;
}

/** Each tenant's reminder figures for its own local days (the one tenant of --tenant, else every tenant by slug). */
async function reportReminders(database: CliDatabase, request: ReportRequest): Promise<void> {
  const tenants = request.tenant
    ? [await findTenant(database, request.tenant)]
    : await database.db.tenant.findMany({ select: { id: true, slug: true, timezone: true }, orderBy: { slug: 'asc' } });
  // Bad dates are refused before anything is printed, whatever the tenants' zones.
  periodIn(request, 'UTC');
  if (tenants.length === 0) process.stdout.write('(no tenants)\n');
  const now = systemClock.now();
  for (const tenant of tenants) {
    const stats = await computeReminderStats(database.db, { tenantId: tenant.id, ...periodIn(request, tenant.timezone), now });
    process.stdout.write(`${formatReminderStats(stats, tenant)}\n`);
  }
}

/** Each tenant's deposit figures for its own local days. */
async function reportDeposits(database: CliDatabase, request: ReportRequest): Promise<void> {
  const tenants = request.tenant
    ? [await findTenant(database, request.tenant)]
    : await database.db.tenant.findMany({ select: { id: true, slug: true, timezone: true }, orderBy: { slug: 'asc' } });
  periodIn(request, 'UTC');
  if (tenants.length === 0) process.stdout.write('(no tenants)\n');
  for (const tenant of tenants) {
    const stats = await computeDepositStats(database.db, { tenantId: tenant.id, ...periodIn(request, tenant.timezone) });
    process.stdout.write(`${formatDepositStats(stats, tenant)}\n`);
  }
}

/** Handoffs by reason: one tenant in its time zone, or all tenants together in UTC. */
async function reportHandoffs(database: CliDatabase, request: ReportRequest): Promise<void> {
  const tenant = request.tenant ? await findTenant(database, request.tenant) : null;
  const period = periodIn(request, tenant?.timezone ?? 'UTC');
  const stats = await computeHandoffReasonStats(database.db, { ...(tenant ? { tenantId: tenant.id } : {}), ...period });
  process.stdout.write(`${tenant ? `Tenant ${tenant.slug} (${tenant.timezone})` : 'All tenants (UTC)'}\n`);
  process.stdout.write(formatHandoffReasonStats(stats));
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

/**
 * With DATABASE_REPLICA_URL the report reads the replica (reports are named reads: they may lag
 * by the replica's delay, and nobody reads their own writes through them); an unreachable
 * replica is said on stderr and the report reads the primary instead.
 */
async function onReplicaIfAny(config: Config, primary: CliDatabase): Promise<CliDatabase> {
  if (!config.DATABASE_REPLICA_URL) return primary;
  const replica = createDb(config.DATABASE_REPLICA_URL, { maxConnections: 2 });
  try {
    await replica.$queryRaw`SELECT 1`;
  } catch {
    await replica.$disconnect();
    process.stderr.write('warning: the read replica (DATABASE_REPLICA_URL) did not answer; the report reads the primary\n');
    return primary;
  }
  return {
    db: replica,
    close: async () => {
      await replica.$disconnect();
      await primary.close();
    },
  };
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
