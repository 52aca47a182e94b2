import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, startEmbeddedPostgres } from '../../src/db/index.js';
import { runQueueMigrations } from '../../src/queue/index.js';
import { createLogger, type Logger } from '../../src/shared/index.js';
import { freePort } from '../../test/support/free-port.js';

export interface BenchDatabase {
  url: string;
  /** Drops the throwaway database, or stops the embedded server and removes its files. */
  dispose(): Promise<void>;
  /** pid of the embedded server's postmaster (undefined for an outside server) */
  serverPid(): number | undefined;
  /** the embedded server's temporary directory (undefined for an outside server) */
  directory?: string;
  /** the embedded server's data directory, inside `directory` (undefined for an outside server) */
  dataDir?: string;
}

/**
 * A fresh, migrated database for one benchmark or soak run: a throwaway database named
 * `<prefix>_<random>` on `serverUrl`'s server when given (DATABASE_URL), else an embedded
 * PostgreSQL in a temporary directory on a port the OS hands out. `queue` also installs
 * graphile-worker's schema. Nothing is left behind when it fails half-way.
 */
export async function createBenchDatabase(options: {
  prefix: string;
  serverUrl?: string | undefined;
  queue?: boolean;
  logger?: Logger;
  /** server settings for an embedded server (ignored on an outside one) */
  settings?: Record<string, string>;
}): Promise<BenchDatabase> {
  const logger = options.logger ?? createLogger('silent');
  const name = `${options.prefix}_${randomBytes(5).toString('hex')}`;
  const database = options.serverUrl
    ? await throwawayDatabase(options.serverUrl, name)
    : await embeddedDatabase(name, logger, options.settings);
  try {
    await applyMigrations(database.url, logger);
    if (options.queue) await runQueueMigrations(database.url, logger);
  } catch (error) {
    await database.dispose().catch(() => undefined);
    throw error;
  }
  return database;
}

async function throwawayDatabase(serverUrl: string, name: string): Promise<BenchDatabase> {
  const admin = new URL(serverUrl);
  admin.pathname = '/postgres';
  await adminQuery(admin.toString(), `CREATE DATABASE "${name}"`);
  const target = new URL(serverUrl);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    dispose: () => adminQuery(admin.toString(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
    serverPid: () => undefined,
  };
}

async function embeddedDatabase(name: string, logger: Logger, settings?: Record<string, string>): Promise<BenchDatabase> {
  const tempDir = await mkdtemp(path.join(os.tmpdir(), 'wa-bench-'));
  // The server runs as the `postgres` user when we are root: it must reach its data directory.
  await chmod(tempDir, 0o777);
  const dataDir = path.join(tempDir, 'pg');
  // A port the OS just handed out, retried: a busy machine may take it meanwhile.
  for (let attempt = 1; ; attempt++) {
    try {
      const embedded = await startEmbeddedPostgres({
        dataDir,
        port: await freePort(),
        database: name,
        logger,
        ...(settings ? { settings } : {}),
      });
      return {
        url: embedded.url,
        directory: tempDir,
        dataDir,
        dispose: async () => {
          await embedded.stop();
          await rm(tempDir, { recursive: true, force: true });
        },
        serverPid: () => {
          try {
            return Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
          } catch {
            return undefined;
          }
        },
      };
    } catch (error) {
      if (attempt >= 3) {
        await rm(tempDir, { recursive: true, force: true });
        throw error;
      }
    }
  }
}

async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}
