import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/auth/index.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

describe('admin API authentication and rate limit', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });

  it('when no Authorization header is sent, then 401 with the JSON error body', async () => {
    const response = await request(createAdminTestApp(database.db)).get('/admin/handoffs');
    expect(response.status).toBe(401);
    expect(response.headers['www-authenticate']).toBe('Bearer');
    expect(response.body).toEqual({ error: { code: 'unauthorized', message: expect.any(String) } });
  });

  it.each([
    ['GET', '/admin/handoffs'],
    ['POST', '/admin/handoffs/1/claim'],
    ['POST', '/admin/handoffs/1/resolve'],
    ['GET', '/admin/conversations/1'],
    ['POST', '/admin/conversations/1/messages'],
    ['GET', '/admin/stats/handoff-reasons'],
  ])('when %s %s is called with no key or a wrong one, then 401 before anything else', async (method, path) => {
    const app = createAdminTestApp(database.db);
    const call = () => (method === 'GET' ? request(app).get(path) : request(app).post(path).send({ attendant: 'Intrusa', text: 'Oi!' }));
    for (const headers of [{}, bearer(`${tenant.apiKey}x`)]) {
      const response = await call().set(headers);
      expect(response.status, JSON.stringify(headers)).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
    }
  });

  it('when the key is unknown or not a Bearer token, then 401', async () => {
    const app = createAdminTestApp(database.db);
    for (const header of [`Bearer ${generateApiKey().key}`, `Basic ${tenant.apiKey}`, 'Bearer', `Bearer ${tenant.apiKey}x`]) {
      const response = await request(app).get('/admin/handoffs').set('Authorization', header);
      expect(response.status, header).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
    }
  });

  it('when the key is revoked, then 401 like an unknown key, and another active key of the tenant still works', async () => {
    const own = await createTestTenant(database.db);
    const second = generateApiKey();
    await database.db.apiKey.create({ data: { tenantId: own.id, prefix: second.prefix, keyHash: second.keyHash, label: 'second' } });
    const app = createAdminTestApp(database.db);
    expect((await request(app).get('/admin/handoffs').set(bearer(own.apiKey))).status).toBe(200);

    await database.db.apiKey.updateMany({ where: { tenantId: own.id, label: 'default' }, data: { revokedAt: new Date() } });

    const revoked = await request(app).get('/admin/handoffs').set(bearer(own.apiKey));
    expect(revoked.status).toBe(401);
    expect(revoked.body.error.code).toBe('unauthorized');
    expect((await request(app).get('/admin/handoffs').set(bearer(second.key))).status).toBe(200);
  });

  it('when a key is used, then last_used_at is recorded, at most once a minute', async () => {
    const own = await createTestTenant(database.db);
    const app = createAdminTestApp(database.db);
    await request(app).get('/admin/handoffs').set(bearer(own.apiKey)).expect(200);
    const first = await database.db.apiKey.findFirstOrThrow({ where: { tenantId: own.id }, select: { lastUsedAt: true } });
    expect(first.lastUsedAt).toBeInstanceOf(Date);
    await request(app).get('/admin/handoffs').set(bearer(own.apiKey)).expect(200);
    const second = await database.db.apiKey.findFirstOrThrow({ where: { tenantId: own.id }, select: { lastUsedAt: true } });
    expect(second.lastUsedAt).toEqual(first.lastUsedAt);
  });

  it('when a key goes over its per-minute budget, then 429 with Retry-After, other keys are unaffected, and it passes again once the window slides', async () => {
    let now = 1_000_000;
    const app = createAdminTestApp(database.db, { rateLimitPerMinute: 3, rateLimitNow: () => now });
    const other = await createTestTenant(database.db);
    for (let index = 0; index < 3; index++) {
      now += 1000;
      await request(app).get('/admin/handoffs').set(bearer(tenant.apiKey)).expect(200);
    }
    const limited = await request(app).get('/admin/handoffs').set(bearer(tenant.apiKey));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    // the first of the three requests leaves the window 58 s from now
    expect(limited.headers['retry-after']).toBe('58');
    await request(app).get('/admin/handoffs').set(bearer(other.apiKey)).expect(200);

    now += 58_000;
    await request(app).get('/admin/handoffs').set(bearer(tenant.apiKey)).expect(200);
  });

  it('when a body is too large or not JSON, then a JSON 413 or 400 and nothing changes', async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const app = createAdminTestApp(database.db);
    const big = await request(app)
      .post(`/admin/conversations/${conversation.id}/messages`)
      .set(bearer(tenant.apiKey))
      .send({ text: 'a'.repeat(100_000) });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('payload_too_large');
    const broken = await request(app)
      .post(`/admin/conversations/${conversation.id}/messages`)
      .set(bearer(tenant.apiKey))
      .set('Content-Type', 'application/json')
      .send('{"text": ');
    expect(broken.status).toBe(400);
    expect(broken.body.error.code).toBe('invalid_json');
    expect(await database.db.message.count({ where: { conversationId: conversation.id } })).toBe(0);
  });
});
