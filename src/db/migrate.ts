import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../shared/index.js';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../prisma/migrations');

/** Same table the Prisma CLI keeps, so `prisma migrate deploy` elsewhere sees the same history. */
const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id" VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum" VARCHAR(64) NOT NULL,
    "finished_at" TIMESTAMPTZ,
    "migration_name" VARCHAR(255) NOT NULL,
    "logs" TEXT,
    "rolled_back_at" TIMESTAMPTZ,
    "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count" INTEGER NOT NULL DEFAULT 0
)`;

// Any constant works; it only has to be the same for every process of this service.
const MIGRATION_LOCK_ID = 72_707_501;

/**
 * Applies every `prisma/migrations/<name>/migration.sql` not yet recorded as finished, in
 * name order, each in its own transaction, under an advisory lock (several processes may
 * start at once). Offline and idempotent: needs no Prisma engine download. Refuses to go on
 * when an applied migration's file was edited afterwards (checksum mismatch), as Prisma does.
 */
export async function applyMigrations(databaseUrl: string, logger: Logger, migrationsDir = MIGRATIONS_DIR): Promise<string[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const applied: string[] = [];
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    await client.query(CREATE_MIGRATIONS_TABLE);
    const done = await client.query<{ migration_name: string; checksum: string }>(
      'SELECT migration_name, checksum FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL',
    );
    const doneByName = new Map(done.rows.map((row) => [row.migration_name, row.checksum]));
    for (const migration of await readMigrations(migrationsDir)) {
      const recorded = doneByName.get(migration.name);
      if (recorded !== undefined) {
        if (recorded !== migration.checksum) {
          throw new Error(`migration ${migration.name} was modified after it was applied (checksum mismatch)`);
        }
        continue;
      }
      const id = randomUUID();
      await client.query('BEGIN');
      try {
        await client.query(migration.sql);
        await client.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [id, migration.checksum, migration.name],
        );
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK');
        throw new Error(`migration ${migration.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      applied.push(migration.name);
      logger.info({ migration: migration.name }, 'migration applied');
    }
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
    await client.end();
  }
  return applied;
}

async function readMigrations(migrationsDir: string) {
  const entries = await readdir(migrationsDir, { withFileTypes: true });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(migrationsDir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}
