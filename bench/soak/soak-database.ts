import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { applyMigrations, startEmbeddedPostgres } from '../../src/db/index.js';
import { runQueueMigrations } from '../../src/queue/index.js';
import { createLogger } from '../../src/shared/index.js';

export interface SoakDatabase {
  url: string;
  /** Drops the throwaway database or stops the embedded server and removes its files. */
  dispose(): Promise<void>;
  /** pid of the embedded server's postmaster (undefined for an outside server) */
  serverPid(): number | undefined;
}

/**
 * A fresh, migrated database for one soak run: a throwaway database on `serverUrl` (from
 * DATABASE_URL) when given, else an embedded PostgreSQL in a temporary directory.
 */
export async function createSoakDatabase(serverUrl: string | undefined): Promise<SoakDatabase> {
  const logger = createLogger('silent');
  const name = `wa_soak_${randomBytes(5).toString('hex')}`;
  let url: string;
  let dispose: () => Promise<void>;
  let serverPid: () => number | undefined = () => undefined;
  if (serverUrl) {
    const admin = new URL(serverUrl);
    admin.pathname = '/postgres';
    await adminQuery(admin.toString(), `CREATE DATABASE "${name}"`);
    const target = new URL(serverUrl);
    target.pathname = `/${name}`;
    url = target.toString();
    dispose = () => adminQuery(admin.toString(), `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } else {
    const tempDir = await mkdtemp(path.join(os.tmpdir(), 'wa-agenda-soak-'));
    // The server runs as the `postgres` user when we are root: it must reach its data directory.
    await chmod(tempDir, 0o777);
    const port = 45_000 + Math.floor(Math.random() * 5000);
    const embedded = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'pg'), port, database: name, logger });
    url = embedded.url;
    serverPid = () => {
      try {
        return Number(readFileSync(path.join(tempDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
      } catch {
        return undefined;
      }
    };
    dispose = async () => {
      await embedded.stop();
      await rm(tempDir, { recursive: true, force: true });
    };
  }
  await applyMigrations(url, logger);
  await runQueueMigrations(url, logger);
  return { url, dispose, serverPid };
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
