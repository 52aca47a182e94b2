import { type BenchDatabase, createBenchDatabase } from '../support/bench-database.js';
import type { Janitor } from './janitor.js';
import { type PgBouncer, startPgBouncer } from './pgbouncer.js';
import { PRIMARY_REPLICATION_SETTINGS, type SoakReplica, startSoakReplica } from './read-replica.js';
import type { SoakOptions } from './soak-options.js';
import { STATEMENT_STATS_SETTINGS } from './statement-costs.js';

export interface SoakDatabase {
  database: BenchDatabase;
  /** with `pgbouncer`: the pooler in front of the database for the web processes */
  pgbouncer: PgBouncer | undefined;
  /** with `replica`: the hot standby streaming from the primary */
  replica: SoakReplica | undefined;
}

/**
 * The soak's database side: a fresh, migrated primary (embedded unless `serverUrl`), PgBouncer
 * in front of it with `pgbouncer`, a hot standby streaming from it with `replica`. Each part
 * started is pushed onto `cleanups` and told to the janitor (unless `keepDatabase` keeps the database).
 */
export async function startSoakDatabase(
  options: SoakOptions,
  run: { logDir: string; janitor: Janitor; cleanups: (() => Promise<unknown>)[] },
): Promise<SoakDatabase> {
  const { logDir, janitor, cleanups } = run;
  const settings = {
    ...(options.statementCosts ? STATEMENT_STATS_SETTINGS : {}),
    ...(options.replica ? PRIMARY_REPLICATION_SETTINGS : {}),
  };
  if (options.replica && options.serverUrl)
    options.log('--replica: the primary is an embedded server of its own (DATABASE_URL is not used)');
  const database = await createBenchDatabase({
    prefix: 'wa_soak',
    serverUrl: options.replica ? undefined : options.serverUrl,
    queue: true,
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
  });
  if (options.keepDatabase) options.log(`database kept: ${database.url} (postmaster pid ${database.serverPid() ?? 'outside'})`);
  else {
    cleanups.push(database.dispose);
    if (database.directory) janitor.watchDirectory('database directory', database.directory);
    const serverPid = database.serverPid();
    if (serverPid) janitor.watchProcess('postgres', serverPid, 'PostgreSQL', 'SIGINT');
  }
  const pgbouncer = options.pgbouncer
    ? await startPgBouncer({ databaseUrl: database.url, poolSize: Math.max(10, 5 * options.webProcesses), logDir })
    : undefined;
  if (pgbouncer) {
    cleanups.push(pgbouncer.stop);
    janitor.watchDirectory('pgbouncer directory', pgbouncer.directory);
    const pid = pgbouncer.pid();
    if (pid) janitor.watchProcess('pgbouncer', pid, 'PgBouncer', 'SIGTERM');
    options.log(`${pgbouncer.version} in front of the database for the web processes: ${new URL(pgbouncer.url).host}, transaction mode`);
  }
  if (options.replica && !database.dataDir) throw new Error('--replica needs the embedded primary');
  const replica =
    options.replica && database.dataDir
      ? await startSoakReplica({ primaryUrl: database.url, primaryDataDir: database.dataDir, logDir })
      : undefined;
  if (replica) {
    cleanups.push(replica.stop);
    janitor.watchDirectory('replica directory', replica.directory);
    const pid = replica.pid();
    if (pid) janitor.watchProcess('replica', pid, 'PostgreSQL replica', 'SIGINT');
    options.log(
      `${replica.version} hot standby streaming from the primary for the web processes' named reads: ${new URL(replica.url).host}`,
    );
  }
  return { database, pgbouncer, replica };
}
