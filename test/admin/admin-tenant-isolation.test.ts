import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestHandoff } from '../../src/handoff/index.js';
import { createInboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

describe('admin API tenant isolation', () => {
  let database: TestDatabase;
  let own: TestTenant;
  let other: TestTenant;
  let otherHandoffId: number;
  let otherConversationId: number;
  let ownHandoffId: number;
  const missingId = 2_000_000_000;

  beforeAll(async () => {
    database = await testDatabase();
    own = await createTestTenant(database.db);
    other = await createTestTenant(database.db);
    const ownConversation = await createTestConversation(database.db, own.id);
    ownHandoffId = (
      await requestHandoff(database.db, { tenantId: own.id, conversationId: ownConversation.conversation.id, reason: 'refusal' })
    ).id;
    const otherConversation = await createTestConversation(database.db, other.id);
    otherConversationId = otherConversation.conversation.id;
    otherHandoffId = (await requestHandoff(database.db, { tenantId: other.id, conversationId: otherConversationId, reason: 'deadline' }))
      .id;
    await createInboundMessage(database.db, { tenantId: other.id, conversationId: otherConversationId, text: 'segredo' });
  });

  const endpoints = (id: { handoff: number; conversation: number }) => [
    {
      name: 'claim',
      call: (app: ReturnType<typeof createAdminTestApp>) =>
        request(app).post(`/admin/handoffs/${id.handoff}/claim`).send({ attendant: 'Intrusa' }),
    },
    {
      name: 'resolve',
      call: (app: ReturnType<typeof createAdminTestApp>) =>
        request(app).post(`/admin/handoffs/${id.handoff}/resolve`).send({ returnToBot: true }),
    },
    {
      name: 'read conversation',
      call: (app: ReturnType<typeof createAdminTestApp>) => request(app).get(`/admin/conversations/${id.conversation}`),
    },
    {
      name: 'send message',
      call: (app: ReturnType<typeof createAdminTestApp>) =>
        request(app).post(`/admin/conversations/${id.conversation}/messages`).send({ text: 'Oi!' }),
    },
  ];

  it("when a tenant's key names another tenant's handoff or conversation, then 404 with exactly the body of a missing id, and nothing changes", async () => {
    const app = createAdminTestApp(database.db);
    const foreign = endpoints({ handoff: otherHandoffId, conversation: otherConversationId });
    const missing = endpoints({ handoff: missingId, conversation: missingId });
    for (const [index, endpoint] of foreign.entries()) {
      const foreignResponse = await endpoint.call(app).set(bearer(own.apiKey));
      const missingResponse = await missing[index]?.call(app).set(bearer(own.apiKey));
      expect(foreignResponse.status, endpoint.name).toBe(404);
      expect(foreignResponse.body, endpoint.name).toEqual(missingResponse?.body);
      expect(foreignResponse.body.error.code).toBe('not_found');
    }
    expect(await database.db.handoff.findUniqueOrThrow({ where: { id: otherHandoffId } })).toMatchObject({
      status: 'pending',
      attendant: null,
    });
    expect(await database.db.message.count({ where: { conversationId: otherConversationId } })).toBe(1);
  });

  it("when the same requests carry the owner's key, then they succeed (the 404s above came from isolation, not from the requests)", async () => {
    const app = createAdminTestApp(database.db);
    const [claim, resolve, read, send] = endpoints({ handoff: otherHandoffId, conversation: otherConversationId });
    expect((await read?.call(app).set(bearer(other.apiKey)))?.body.messages[0].text).toBe('segredo');
    expect((await claim?.call(app).set(bearer(other.apiKey)))?.status).toBe(200);
    expect((await send?.call(app).set(bearer(other.apiKey)))?.status).toBe(202);
    expect((await resolve?.call(app).set(bearer(other.apiKey)))?.status).toBe(200);
  });

  it("when listing the queue or reading stats, then only the caller's own handoffs count", async () => {
    const app = createAdminTestApp(database.db);
    for (const status of ['pending', 'claimed', 'resolved']) {
      const response = await request(app).get(`/admin/handoffs?status=${status}`).set(bearer(own.apiKey));
      expect(response.status).toBe(200);
      for (const item of response.body.items) expect(item.id).toBe(ownHandoffId);
    }
    const pending = await request(app).get('/admin/handoffs?status=pending').set(bearer(own.apiKey));
    expect(pending.body.items.map((item: { id: number }) => item.id)).toEqual([ownHandoffId]);
    const stats = await request(app).get('/admin/stats/handoff-reasons?from=2000-01-01&to=2100-01-01').set(bearer(own.apiKey));
    expect(stats.status).toBe(200);
    expect(stats.body.reasons.map((row: { reason: string; count: number }) => [row.reason, row.count])).toEqual([['refusal', 1]]);
    expect(stats.body.total.count).toBe(1);
  });
});
