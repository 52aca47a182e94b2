import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffAccount } from '../../src/auth/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { AUTH_TEST_ORIGIN, createAuthTestApp } from './auth-test-app.js';

const randomKey = () => `wa_${randomBytes(4).toString('hex')}_${randomBytes(24).toString('base64url')}`;
const forgedAddress = (index: number) => `198.51.${Math.floor(index / 250)}.${(index % 250) + 1}`;

describe('X-Forwarded-For is trusted only as far as TRUST_PROXY says', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });

  it('when 600 wrong keys come with a different forged X-Forwarded-For each and TRUST_PROXY is unset, then the throttle still sees one address: 20 × 401, then 429', async () => {
    let now = 5_000_000;
    const app = createAuthTestApp(database.db, { authFailuresPerMinute: 20, rateLimitNow: () => now });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 600; attempt++) {
      now += 10;
      const response = await request(app)
        .get('/admin/handoffs')
        .set('x-forwarded-for', forgedAddress(attempt))
        .set('authorization', `Bearer ${randomKey()}`);
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(580);
  }, 120_000);

  it('when a console sign-in carries a forged X-Forwarded-For, then neither the attempt nor the session stores the forged address', async () => {
    const created = await createStaffAccount(database.db, {
      slug: tenant.slug,
      email: `forged.${Date.now()}@salao.test`,
      name: 'Dona',
      role: 'owner',
    });
    if (created.kind !== 'created') throw new Error(created.kind);
    const app = createAuthTestApp(database.db);
    const signIn = (password: string) =>
      request(app)
        .post('/console/api/session')
        .set('origin', AUTH_TEST_ORIGIN)
        .set('x-forwarded-for', '203.0.113.99')
        .send({ email: created.email, password });
    expect((await signIn('senha-errada-123')).status).toBe(401);
    expect((await signIn(created.initialPassword)).status).toBe(200);

    const attempts = await database.db.staffSignInAttempt.findMany({ where: { email: created.email }, select: { address: true } });
    const sessions = await database.db.staffSession.findMany({ where: { staffId: created.staffId }, select: { address: true } });
    expect(attempts).toHaveLength(2);
    expect(sessions).toHaveLength(1);
    for (const { address } of [...attempts, ...sessions]) {
      expect(address).not.toContain('203.0.113.99');
      expect(address).toMatch(/127\.0\.0\.1|::1/);
    }
  });

  it('when TRUST_PROXY is 1, then the address the proxy appended is the client address', async () => {
    const created = await createStaffAccount(database.db, { slug: tenant.slug, email: `proxied.${Date.now()}@salao.test`, name: 'Ana' });
    if (created.kind !== 'created') throw new Error(created.kind);
    const app = createAuthTestApp(database.db, { trustProxy: 1 });
    await request(app)
      .post('/console/api/session')
      .set('origin', AUTH_TEST_ORIGIN)
      .set('x-forwarded-for', '10.9.9.9, 192.0.2.44')
      .send({ email: created.email, password: created.initialPassword })
      .expect(200);
    const session = await database.db.staffSession.findFirstOrThrow({ where: { staffId: created.staffId }, select: { address: true } });
    expect(session.address).toBe('192.0.2.44');
  });
});
