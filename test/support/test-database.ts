import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { createDb, type Db } from '../../src/db/index.js';

export interface TestDatabase {
  /** URL of this test file's own database (a clone of the migrated template). */
  url: string;
  db: Db;
}

let current: Promise<TestDatabase> | undefined;

/**
 * This test file's own database, created on first use from the migrated template and
 * dropped when the file's tests end. Files never share rows; tests in a file insert their
 * own (see factories.ts) so they do not depend on each other's data.
 */
export function testDatabase(): Promise<TestDatabase> {
  current ??= createTestDatabase();
  return current;
}

/** A further fresh database (for tests that need a second, isolated one). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('testServerUrl');
  const template = inject('templateDatabase');
  const name = `wa_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = createDb(url.toString(), { maxConnections: 20 });
  afterAll(async () => {
    await db.$disconnect();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  });
  return { url: url.toString(), db };
}

async function adminQuery(serverUrl: string, sql: string) {
  // CREATE DATABASE ... TEMPLATE fails while another session is connected to the template;
  // retry briefly since several files start at once.
  for (let attempt = 0; ; attempt++) {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
      return;
    } catch (error) {
      if (attempt >= 20 || !String(error).includes('is being accessed by other users')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    } finally {
      await client.end();
    }
  }
}
