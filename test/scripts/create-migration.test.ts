import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { migrationNameOf, migrationTimestamp, SNAPSHOT_FILE } from '../../scripts/create-migration.js';
import { diffPrismaSchemas } from '../../scripts/diff-prisma-schemas.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const migrationsDir = path.resolve(import.meta.dirname, '../../prisma/migrations');

describe('offline migration generation', () => {
  let database: TestDatabase;
  let latestSnapshot: string;

  beforeAll(async () => {
    database = await testDatabase();
    const directories = (await readdir(migrationsDir, { withFileTypes: true }))
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    // The newest migration that carries a snapshot (one written by hand may not yet).
    for (const name of directories.sort().reverse()) {
      const snapshot = await readFile(path.join(migrationsDir, name, SNAPSHOT_FILE), 'utf8').catch(() => undefined);
      if (snapshot !== undefined) {
        latestSnapshot = snapshot;
        break;
      }
    }
  });

  it('when the schema gains a model and a column, then the diff is SQL that applies on a database migrated so far', async () => {
    const changed = latestSnapshot
      .replace(/(model Customer \{\n)/, '$1  nickname String? @map("nick_name")\n')
      .concat(
        '\nmodel Coupon {\n  id       Int    @id @default(autoincrement())\n  tenantId Int    @map("tenant_id")\n  code     String\n\n  @@unique([tenantId, code])\n  @@map("coupons")\n}\n',
      );
    const sql = await diffPrismaSchemas(latestSnapshot, changed);
    expect(sql).toContain('ALTER TABLE "customers" ADD COLUMN');
    expect(sql).toContain('CREATE TABLE "coupons"');
    expect(sql).toContain('CREATE UNIQUE INDEX "coupons_tenant_id_code_key"');

    await database.db.$executeRawUnsafe(`DO $migration$ BEGIN ${sql.replace(/--[^\n]*\n/g, '')} END $migration$`);
    const columns = await database.db.$queryRaw<{ column_name: string }[]>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'customers' AND column_name = 'nick_name'`;
    expect(columns).toHaveLength(1);
    await expect(database.db.$queryRaw`SELECT count(*) FROM coupons`).resolves.toBeDefined();
  });

  it('the newest snapshot is the schema itself, so the next migration diffs from what the migrations really built', async () => {
    // Branches that each add a migration and are merged leave the newest snapshot without the others' models.
    expect(latestSnapshot).toBe(await readFile(path.resolve(migrationsDir, '../schema.prisma'), 'utf8'));
  });

  it('when nothing changed, then the diff is empty and no migration would be written', async () => {
    expect(await diffPrismaSchemas(latestSnapshot, latestSnapshot)).toBe('');
  });

  it('when starting from an empty database, then the diff creates every table', async () => {
    const sql = await diffPrismaSchemas(null, latestSnapshot);
    for (const table of ['tenants', 'tenant_api_keys', 'appointments', 'handoffs', 'messages'])
      expect(sql).toContain(`CREATE TABLE "${table}"`);
  });

  it('names migrations the way Prisma does: UTC timestamp and snake_case name', () => {
    expect(migrationTimestamp(new Date('2026-11-29T21:40:21.123Z'))).toBe('20261129214021');
    expect(migrationNameOf('Add Customer Notes!')).toBe('add_customer_notes');
    expect(migrationNameOf('  ')).toBe('');
  });
});
