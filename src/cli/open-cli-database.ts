import path from 'node:path';
import type { Config } from '../config/index.js';
import {
  applyMigrations,
  createDb,
  type Db,
  EmbeddedPostgresInUseError,
  findEmbeddedServer,
  runningEmbeddedServerUrl,
  startEmbeddedPostgres,
} from '../db/index.js';
import { runQueueMigrations } from '../queue/index.js';
import type { Logger } from '../shared/index.js';

export interface CliDatabase {
  db: Db;
  close(): Promise<void>;
}

/**
 * The database a command-line tool works on, chosen exactly as `npm start` does:
 * DATABASE_URL when set, else the embedded PostgreSQL under DATA_DIR (same directory,
 * port and database name), with migrations applied. While a running server (`npm start`)
 * serves that cluster, the command connects to it instead of starting it a second time;
 * EmbeddedPostgresInUseError only when even that connection fails.
 */
export async function openCliDatabase(config: Config, logger: Logger): Promise<CliDatabase> {
  let databaseUrl = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    const dataDir = path.resolve(config.DATA_DIR, 'pg');
    const running = findEmbeddedServer(dataDir);
    if (running && !running.orphaned) return connectToRunningServer(dataDir, running.pid, logger);
    const embedded = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT, database: 'wa_agenda', logger });
    databaseUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  try {
    // Behind a transaction pooler the migrations' advisory lock needs a session of its own.
    await applyMigrations(config.DATABASE_DIRECT_URL ?? databaseUrl, logger);
    await runQueueMigrations(config.DATABASE_DIRECT_URL ?? databaseUrl, logger);
  } catch (error) {
    await stopEmbedded?.();
    throw error;
  }
  const db = createDb(databaseUrl, { maxConnections: 2 });
  return {
    db,
    close: async () => {
      await db.$disconnect();
      await stopEmbedded?.();
    },
  };
}

/** The embedded cluster a running `npm start` serves: used where it runs (migrations are idempotent and locked). */
async function connectToRunningServer(dataDir: string, pid: number, logger: Logger): Promise<CliDatabase> {
  const unreachable = new EmbeddedPostgresInUseError(
    dataDir,
    pid,
    'it did not answer on the port in its postmaster.pid; wait until npm start has started, or set DATABASE_URL',
  );
  const url = runningEmbeddedServerUrl(dataDir, 'wa_agenda');
  if (!url) throw unreachable;
  try {
    await applyMigrations(url, logger);
    await runQueueMigrations(url, logger);
  } catch {
    throw unreachable;
  }
  const db = createDb(url, { maxConnections: 2 });
  return { db, close: () => db.$disconnect() };
}
