import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { createAuthTestApp } from './auth-test-app.js';

/** The test database with every API-key lookup counted (the real database answers them): one raw statement on tenant_api_keys each. */
function countingKeyLookups(db: Db, counter: { lookups: number }): Db {
  // (a tagged template, or a prepared Prisma.sql value such as the attempt counter's)
  const queryRaw = (query: TemplateStringsArray | { sql: string }, ...values: unknown[]) => {
    const text = Array.isArray(query) ? query.join('?') : (query as { sql: string }).sql;
    if (text.includes('FROM tenant_api_keys')) counter.lookups++;
    return Reflect.apply(db.$queryRaw, db, [query, ...values]);
  };
  return new Proxy(db, {
    get: (target, property, receiver) => (property === '$queryRaw' ? queryRaw : Reflect.get(target, property, receiver)),
  });
}

const randomKey = () => `wa_${randomBytes(4).toString('hex')}_${randomBytes(24).toString('base64url')}`;

describe('a parallel burst of wrong API keys', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  const servers: http.Server[] = [];
  const counter = { lookups: 0 };
  const urls: string[] = [];
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    // Two web processes' worth of the admin API over one database, as the soak runs them.
    for (let index = 0; index < 2; index++) {
      const app = createAuthTestApp(countingKeyLookups(database.db, counter), { authFailuresPerMinute: 20 });
      const server = await new Promise<http.Server>((resolve) => {
        const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
      });
      servers.push(server);
      urls.push(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('when 300 wrong keys arrive at once over two processes, then at most the bound is looked up: 20 × 401, 280 × 429', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 300 }, async (_, index) => {
        const response = await fetch(`${urls[index % 2]}/admin/handoffs`, { headers: { authorization: `Bearer ${randomKey()}` } });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(280);
    expect(counter.lookups).toBe(20);
  }, 120_000);

  it('when an address first makes 30 requests with the right key, then those do not use up its bound: 20 wrong keys still get 401, the 21st 429', async () => {
    const later = Date.now() + 10 * 60_000; // a window of its own, untouched by the burst above
    const app = createAuthTestApp(database.db, { authFailuresPerMinute: 20, rateLimitNow: () => later });
    const { default: request } = await import('supertest');
    for (let index = 0; index < 30; index++)
      await request(app).get('/admin/handoffs').set('authorization', `Bearer ${tenant.apiKey}`).expect(200);
    const statuses: number[] = [];
    for (let index = 0; index < 21; index++)
      statuses.push((await request(app).get('/admin/handoffs').set('authorization', `Bearer ${randomKey()}`)).status);
    expect(statuses.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});
