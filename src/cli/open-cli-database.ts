import path from 'node:path';
import type { Config } from '../config/index.js';
import { applyMigrations, createDb, type Db, EmbeddedPostgresInUseError, findEmbeddedServer, startEmbeddedPostgres } from '../db/index.js';
import { runQueueMigrations } from '../queue/index.js';
import type { Logger } from '../shared/index.js';

export interface CliDatabase {
  db: Db;
  close(): Promise<void>;
}

/**
 * The database a command-line tool works on, chosen exactly as `npm start` does:
 * DATABASE_URL when set, else the embedded PostgreSQL under DATA_DIR (same directory,
 * port and database name), with migrations applied. Throws EmbeddedPostgresInUseError when
 * the running server holds the embedded cluster: it cannot be opened twice.
 */
export async function openCliDatabase(config: Config, logger: Logger): Promise<CliDatabase> {
  let databaseUrl = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    const dataDir = path.resolve(config.DATA_DIR, 'pg');
    const running = findEmbeddedServer(dataDir);
    if (running && !running.orphaned) throw new EmbeddedPostgresInUseError(dataDir, running.pid);
    const embedded = await startEmbeddedPostgres({ dataDir, port: config.EMBEDDED_PG_PORT, database: 'wa_agenda', logger });
    databaseUrl = embedded.url;
    stopEmbedded = embedded.stop;
  }
  try {
    await applyMigrations(databaseUrl, logger);
    await runQueueMigrations(databaseUrl, logger);
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
