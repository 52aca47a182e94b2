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
  /** Stops a started part with the soak, and names its directory and process to the janitor (for a soak killed from outside). */
  const track = (
    part: { stop: () => Promise<unknown>; directory: string | undefined; pid: number | undefined },
    names: { directory: string; process: string; label: string; signal: 'SIGINT' | 'SIGTERM' },
  ) => {
    cleanups.push(part.stop);
    if (part.directory) janitor.watchDirectory(names.directory, part.directory);
    if (part.pid) janitor.watchProcess(names.process, part.pid, names.label, names.signal);
  };
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
    track(
      { stop: database.dispose, directory: database.directory, pid: database.serverPid() },
      { directory: 'database directory', process: 'postgres', label: 'PostgreSQL', signal: 'SIGINT' },
    );
  }
  const pgbouncer = options.pgbouncer
    ? await startPgBouncer({ databaseUrl: database.url, poolSize: Math.max(10, 5 * options.webProcesses), logDir })
    : undefined;
  if (pgbouncer) {
    track(
      { stop: pgbouncer.stop, directory: pgbouncer.directory, pid: pgbouncer.pid() },
      { directory: 'pgbouncer directory', process: 'pgbouncer', label: 'PgBouncer', signal: 'SIGTERM' },
    );
    options.log(`${pgbouncer.version} in front of the database for the web processes: ${new URL(pgbouncer.url).host}, transaction mode`);
  }
  if (options.replica && !database.dataDir) throw new Error('--replica needs the embedded primary');
  const replica =
    options.replica && database.dataDir
      ? await startSoakReplica({ primaryUrl: database.url, primaryDataDir: database.dataDir, logDir })
      : undefined;
  if (replica) {
    track(
      { stop: replica.stop, directory: replica.directory, pid: replica.pid() },
      { directory: 'replica directory', process: 'replica', label: 'PostgreSQL replica', signal: 'SIGINT' },
    );
    options.log(
      `${replica.version} hot standby streaming from the primary for the web processes' named reads: ${new URL(replica.url).host}`,
    );
  }
  return { database, pgbouncer, replica };
}
