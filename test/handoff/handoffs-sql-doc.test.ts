import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { insertHandoffs, NOVEMBER_HANDOFFS } from './handoff-stats-fixture.js';

const docPath = path.resolve(import.meta.dirname, '../../docs/handoffs-sql.md');

describe('docs/handoffs-sql.md', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let blocks: string[];
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    await insertHandoffs(database.db, tenant.id, NOVEMBER_HANDOFFS);
    const doc = await readFile(docPath, 'utf8');
    blocks = [...doc.matchAll(/```sql\n([\s\S]*?)```/g)].map((match) => (match[1] ?? '').replace('salao-da-ana', tenant.slug));
  });

  it('when every documented query runs against the real schema, then none fails', async () => {
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    // through plain node-postgres, as psql users would: Prisma cannot read interval columns
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      for (const sql of blocks) await client.query(sql);
    } finally {
      await client.end();
    }
  });

  it('when the documented per-reason query runs, then it gives the same figures as the report', async () => {
    const sql = blocks.find((block) => block.includes('percentile_cont(0.9)') && block.includes('GROUP BY reason'));
    const rows = await database.db.$queryRawUnsafe<{ reason: string; handoffs: bigint; median_wait_s: number; p90_wait_s: number }[]>(
      sql ?? '',
    );
    expect(rows.map((row) => [row.reason, Number(row.handoffs), row.median_wait_s, row.p90_wait_s])).toEqual([
      ['requested_by_customer', 6, 30, 46],
      ['refusal', 2, 90, 114],
      ['deadline', 1, null, null],
    ]);
  });
});
