import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CUSTOMER_DATA_TABLES } from '../../src/privacy/index.js';
import { testDatabase } from '../support/test-database.js';

/** Tables that link to a customer but hold no personal data, each with the reason. */
const NO_PERSONAL_DATA: Record<string, string> = {
  privacy_requests: 'the LGPD audit log itself: ids, kinds and row counts only',
};

describe('customer data map', () => {
  it('covers every table that links rows to a customer, a conversation, a run or an appointment', async () => {
    const { url } = await testDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const linked = await client.query<{ table_name: string }>(`
        SELECT DISTINCT table_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name IN ('customer_id', 'conversation_id', 'run_id', 'appointment_id')
          -- a partition (agent_history_p2027_01) is read and erased through its partitioned table
          AND NOT EXISTS (SELECT 1 FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                           WHERE n.nspname = 'public' AND c.relname = table_name AND c.relispartition)`);
      const mapped = new Set(CUSTOMER_DATA_TABLES.map((entry) => entry.table));
      const missing = linked.rows.map((row) => row.table_name).filter((table) => !mapped.has(table) && !(table in NO_PERSONAL_DATA));
      expect(missing, 'tables holding customer-linked rows that export/erasure/retention do not know').toEqual([]);
    } finally {
      await client.end();
    }
  });

  it('every table in the map carries tenant_id', async () => {
    const { url } = await testDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const withTenant = await client.query<{ table_name: string }>(
        `SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'tenant_id'`,
      );
      const tables = new Set(withTenant.rows.map((row) => row.table_name));
      expect(CUSTOMER_DATA_TABLES.filter((entry) => !tables.has(entry.table)).map((entry) => entry.table)).toEqual([]);
    } finally {
      await client.end();
    }
  });
});
