import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from '../../test/support/free-port.js';
import { cpuSecondsOf } from './cpu-time.js';

/** Where Debian's `pgbouncer` package puts the binary (`.ci/run` installs it), then PATH. */
const CANDIDATES = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'];

export interface PgBouncer {
  /** the same database as `databaseUrl`, through PgBouncer */
  url: string;
  /** e.g. `PgBouncer 1.18.0` */
  version: string;
  /** server connections PgBouncer opens to the database at most */
  poolSize: number;
  pid(): number | undefined;
  /** the config directory (removed by stop()) */
  directory: string;
  /** CPU seconds PgBouncer used so far */
  cpuSeconds(): number;
  /** PgBouncer's own counters for the database (its admin console's SHOW STATS and SHOW POOLS) */
  stats(): Promise<PgBouncerStats>;
  /** stops PgBouncer (SIGTERM, SIGKILL after 5 s) and removes its config */
  stop(): Promise<void>;
}

export interface PgBouncerStats {
  transactions: number;
  queries: number;
  /** mean time a transaction's client waited for a server connection (µs), since PgBouncer started */
  averageWaitUs: number;
  /** server connections open now */
  serverConnections: number;
}

/**
 * Starts PgBouncer (transaction pooling) in front of `databaseUrl`'s server, on a port the
 * kernel has just handed out, its config and credentials in a fresh temporary directory. As
 * root it drops to the `postgres` user (PgBouncer refuses to run as root). Transaction mode
 * gives a client a server connection for one transaction at a time: no session state survives
 * (no LISTEN, no session advisory lock, no SET, no named prepared statement in 1.18), which is
 * why only web processes are put behind it. Resolves once a query went through it.
 */
export async function startPgBouncer(options: { databaseUrl: string; poolSize: number; logDir: string }): Promise<PgBouncer> {
  const binary = pgBouncerBinary();
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.split('\n')[0]?.trim() || 'PgBouncer';
  const target = new URL(options.databaseUrl);
  const user = decodeURIComponent(target.username);
  const password = decodeURIComponent(target.password);
  const database = target.pathname.slice(1);
  const directory = await mkdtemp(path.join(os.tmpdir(), 'wa-soak-pgbouncer-'));
  // Read by the postgres user when we are root (a throwaway soak's credentials, on loopback only).
  await chmod(directory, 0o755);
  const log = createWriteStream(path.join(options.logDir, 'pgbouncer.log'), { flags: 'a' });
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const start = async (port: number) => {
    const config = path.join(directory, 'pgbouncer.ini');
    await writeFile(path.join(directory, 'userlist.txt'), `"${user}" "${password}"\n`, { mode: 0o644 });
    await writeFile(
      config,
      pgBouncerConfig({
        directory,
        port,
        serverHost: target.hostname,
        serverPort: Number(target.port) || 5432,
        user,
        poolSize: options.poolSize,
      }),
      {
        mode: 0o644,
      },
    );
    const spawned = spawn(binary, [...(process.getuid?.() === 0 ? ['-u', 'postgres'] : []), config], { stdio: ['ignore', 'pipe', 'pipe'] });
    child = spawned;
    spawned.stdout?.pipe(log, { end: false });
    spawned.stderr?.pipe(log, { end: false });
    exited = new Promise((resolve) => spawned.once('exit', () => resolve()));
    const url = new URL(options.databaseUrl);
    url.port = String(port);
    await waitUntilServing(url.toString(), spawned);
    return url.toString();
  };
  let url: string | undefined;
  // The port may be taken between asking for it and PgBouncer binding it: try a fresh one.
  for (let attempt = 1; url === undefined; attempt++) {
    try {
      url = await start(await freePort());
    } catch (error) {
      child?.kill('SIGKILL');
      await exited;
      if (attempt >= 3) {
        log.end();
        await rm(directory, { recursive: true, force: true });
        throw error;
      }
    }
  }
  const admin = (sql: string) => adminQuery(url as string, user, password, sql);
  return {
    url,
    version,
    poolSize: options.poolSize,
    directory,
    pid: () => child?.pid,
    cpuSeconds: () => (child?.pid && child.exitCode === null ? cpuSecondsOf(child.pid) : 0),
    stats: async () => {
      const stats: Record<string, string> = (await admin('SHOW STATS')).find((row) => row.database === database) ?? {};
      const pools = (await admin('SHOW POOLS')).filter((row) => row.database === database);
      const sum = (rows: Record<string, string>[], column: string) => rows.reduce((total, row) => total + Number(row[column] ?? 0), 0);
      return {
        transactions: Number(stats.total_xact_count ?? 0),
        queries: Number(stats.total_query_count ?? 0),
        averageWaitUs: Number(stats.total_wait_time ?? 0) / Math.max(1, Number(stats.total_xact_count ?? 0)),
        serverConnections:
          sum(pools, 'sv_active') + sum(pools, 'sv_idle') + sum(pools, 'sv_used') + sum(pools, 'sv_tested') + sum(pools, 'sv_login'),
      };
    },
    stop: async () => {
      if (child && child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child?.kill('SIGKILL'), 5000);
        await exited;
        clearTimeout(timer);
      }
      log.end();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/** The installed PgBouncer, or an error saying how to install it. */
export function pgBouncerBinary(): string {
  const found = [...CANDIDATES, ...(process.env.PATH ?? '').split(':').map((dir) => path.join(dir, 'pgbouncer'))].find(
    (candidate) => candidate && existsSync(candidate),
  );
  if (!found) throw new Error('--pgbouncer needs PgBouncer installed (Debian: apt-get install pgbouncer)');
  return found;
}

function pgBouncerConfig(options: {
  directory: string;
  port: number;
  serverHost: string;
  serverPort: number;
  user: string;
  poolSize: number;
}): string {
  return `[databases]
* = host=${options.serverHost} port=${options.serverPort}

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = ${options.port}
unix_socket_dir =
auth_type = scram-sha-256
auth_file = ${path.join(options.directory, 'userlist.txt')}
admin_users = ${options.user}
pool_mode = transaction
default_pool_size = ${options.poolSize}
max_client_conn = 1000
; node-postgres sends extra_float_digits; PgBouncer would refuse an unknown startup parameter.
ignore_startup_parameters = extra_float_digits,options
; the soak's log directory gets stderr
logfile =
pidfile =
log_connections = 0
log_disconnections = 0
`;
}

async function waitUntilServing(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`PgBouncer exited while starting (code ${child.exitCode})`);
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    const served = await client
      .connect()
      .then(() => client.query('SELECT 1'))
      .then(() => true)
      .catch(() => false)
      .finally(() => client.end().catch(() => undefined));
    if (served) return;
    await sleep(100);
  }
  throw new Error('PgBouncer did not serve a query within 15 s');
}

async function adminQuery(url: string, user: string, password: string, sql: string): Promise<Record<string, string>[]> {
  const address = new URL(url);
  const client = new pg.Client({
    host: address.hostname,
    port: Number(address.port),
    user,
    password,
    database: 'pgbouncer',
  });
  await client.connect();
  try {
    // The admin console speaks only the simple query protocol: no parameters.
    const result = await client.query<Record<string, string>>(sql);
    return result.rows;
  } finally {
    await client.end();
  }
}
