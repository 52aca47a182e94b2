import { beforeAll, describe, expect, it } from 'vitest';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

/**
 * Tables of the public schema that do not hold one tenant's data, each with why. Everything
 * else must carry a NOT NULL `tenant_id` covered by a foreign key (to `tenants`, or to a parent
 * by `(id, tenant_id)`), so every row can be told apart by tenant: for the admin API's
 * isolation, for LGPD requests, and for distributing the database by tenant (docs/scaling.md).
 * The job queue's own schema (`graphile_worker`) is not looked at: its jobs carry only ids.
 */
const EXEMPT: Record<string, string> = {
  tenants: 'the tenant itself: its id is the tenant id',
  _prisma_migrations: 'migration history of the whole database',
  circuit_breakers: 'shared state of outside services (the Claude API) for every process and tenant',
  metric_counters: 'service-wide Prometheus counters; labels never name a tenant (cardinality)',
  staff_sign_in_attempts:
    'sign-in throttling by typed email and client address, recorded before any account (or tenant) is known; the email may match no account',
  auth_attempt_counters: 'admin API key attempts per client address, counted before any key (or tenant) is known',
};

/** Tables whose tenant_id may be null, with why; the column must still exist and have its foreign key. */
const NULLABLE_TENANT: Record<string, string> = {
  webhook_dead_letters: 'an item whose phone_number_id names no tenant (or that could not be parsed) cannot be attributed',
};

interface TableFacts {
  table: string;
  nullable: string | null;
  foreignKeys: number;
  indexed: boolean;
}

describe('every table that holds tenant data has tenant_id', () => {
  let database: TestDatabase;
  let facts: TableFacts[];

  beforeAll(async () => {
    database = await testDatabase();
    facts = await database.db.$queryRaw<TableFacts[]>`
      SELECT c.relname AS "table",
             (SELECT col.is_nullable FROM information_schema.columns col
               WHERE col.table_schema = 'public' AND col.table_name = c.relname AND col.column_name = 'tenant_id') AS nullable,
             (SELECT count(*)::int FROM pg_constraint fk
                JOIN pg_attribute a ON a.attrelid = fk.conrelid AND a.attnum = ANY (fk.conkey) AND a.attname = 'tenant_id'
               WHERE fk.conrelid = c.oid AND fk.contype = 'f') AS "foreignKeys",
             EXISTS (SELECT 1 FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
                      WHERE i.indrelid = c.oid AND a.attname = 'tenant_id') AS indexed
        FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition
       ORDER BY c.relname`;
  });

  it('finds the tables through information_schema (the check looks at something)', () => {
    const tables = facts.map((row) => row.table);
    expect(tables).toEqual(expect.arrayContaining(['messages', 'working_hours', 'agent_history', 'staff_sessions']));
    for (const exempt of Object.keys(EXEMPT)) expect(tables, `exemption ${exempt} names no table`).toContain(exempt);
  });

  it('each non-exempt table has a NOT NULL tenant_id with a foreign key and an index', () => {
    const problems: string[] = [];
    for (const row of facts) {
      if (row.table in EXEMPT) continue;
      if (row.nullable === null) {
        problems.push(`${row.table}: no tenant_id column`);
        continue;
      }
      if (row.nullable === 'YES' && !(row.table in NULLABLE_TENANT)) problems.push(`${row.table}: tenant_id is nullable`);
      if (row.foreignKeys === 0) problems.push(`${row.table}: tenant_id has no foreign key`);
      if (!row.indexed) problems.push(`${row.table}: tenant_id is in no index`);
    }
    expect(problems).toEqual([]);
  });

  it('an exempt table really has no tenant_id (the exemption is not stale)', () => {
    const stale = facts.filter((row) => row.table in EXEMPT && row.nullable !== null).map((row) => row.table);
    expect(stale).toEqual([]);
  });

  it('a child row cannot name a parent of another tenant', async () => {
    const [row] = await database.db.$queryRaw<{ first: number; second: number; professional: number }[]>`
      WITH a AS (INSERT INTO tenants (slug, name, timezone, phone_number_id) VALUES ('col-a', 'A', 'America/Sao_Paulo', 'col-a') RETURNING id),
           b AS (INSERT INTO tenants (slug, name, timezone, phone_number_id) VALUES ('col-b', 'B', 'America/Sao_Paulo', 'col-b') RETURNING id),
           p AS (INSERT INTO professionals (tenant_id, key, name) SELECT id, 'ana', 'Ana' FROM a RETURNING id)
      SELECT (SELECT id FROM a) AS first, (SELECT id FROM b) AS second, (SELECT id FROM p) AS professional`;
    const insertHours = (tenantId: number) =>
      database.db.$executeRaw`INSERT INTO working_hours (tenant_id, professional_id, weekday, start_minute, end_minute)
        VALUES (${tenantId}, ${row!.professional}, 1, 540, 720)`;
    await expect(insertHours(row!.second)).rejects.toThrow();
    await expect(insertHours(row!.first)).resolves.toBe(1);
  });
});
