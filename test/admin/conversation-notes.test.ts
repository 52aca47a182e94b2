import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createInboundMessage,
  createOutboundMessage,
  createTestConversation,
  createTestTenant,
  type TestTenant,
} from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

describe('POST /admin/conversations/:id/notes: internal notes, never sent', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    other = await createTestTenant(database.db);
  });

  const queuedSendJobs = () =>
    database.db.$queryRaw<{ count: number }[]>`
      SELECT count(*)::int AS count FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE t.identifier = 'send-message'`;

  it('when a note is added, then the conversation lists it among its messages as kind "note" with its author, and nothing is queued to send', async () => {
    const app = createAdminTestApp(database.db);
    const { conversation } = await createTestConversation(database.db, tenant.id);
    await createInboundMessage(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      text: 'Oi, quero luzes',
      createdAt: new Date(Date.now() - 60_000),
    });
    const sendsBefore = (await queuedSendJobs())[0]?.count;

    const added = await request(app)
      .post(`/admin/conversations/${conversation.id}/notes`)
      .set(bearer(tenant.apiKey))
      .send({ text: 'Cliente alérgica a amônia: usar a linha sem amônia.', attendant: 'Rita' });
    expect(added.status).toBe(201);
    expect(added.body.note).toMatchObject({ kind: 'note', author: 'Rita', text: 'Cliente alérgica a amônia: usar a linha sem amônia.' });
    await createOutboundMessage(database.db, { tenantId: tenant.id, conversationId: conversation.id, text: 'Temos horário amanhã.' });

    const detail = await request(app).get(`/admin/conversations/${conversation.id}`).set(bearer(tenant.apiKey)).expect(200);
    expect(detail.body.messages.map((message: { kind: string; text: string }) => [message.kind, message.text])).toEqual([
      ['message', 'Oi, quero luzes'],
      ['note', 'Cliente alérgica a amônia: usar a linha sem amônia.'],
      ['message', 'Temos horário amanhã.'],
    ]);
    expect(detail.body.messages[1]).toMatchObject({ direction: 'internal', author: 'staff', attendant: 'Rita' });
    expect((await queuedSendJobs())[0]?.count).toBe(sendsBefore);
    expect(await database.db.message.count({ where: { conversationId: conversation.id, text: { contains: 'amônia' } } })).toBe(0);
  });

  it('when the conversation is another tenant’s, the text is empty or nobody is named, then 404 or 400 and nothing is stored', async () => {
    const app = createAdminTestApp(database.db);
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const post = (key: string, body: object) =>
      request(app).post(`/admin/conversations/${conversation.id}/notes`).set(bearer(key)).send(body);
    expect((await post(other.apiKey, { text: 'oi', attendant: 'Rita' })).status).toBe(404);
    expect((await post(tenant.apiKey, { text: '   ', attendant: 'Rita' })).status).toBe(400);
    expect((await post(tenant.apiKey, { text: 'oi' })).status).toBe(400);
    expect(await database.db.conversationNote.count({ where: { conversationId: conversation.id } })).toBe(0);
  });
});
