import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { requestHandoff } from '../../src/handoff/index.js';
import { createInboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

describe('admin conversation view and attendant replies', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });

  const queuedSendJobs = async (messageIds: number[]) => {
    const rows = await database.db.$queryRaw<{ payload: { messageId: number } }[]>`
      SELECT j.payload FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'send-message'`;
    return rows.map((row) => row.payload.messageId).filter((id) => messageIds.includes(id));
  };

  it('when an attendant replies without a name, then the reply is stored as the claiming attendant’s and a WhatsApp send is queued', async () => {
    const app = createAdminTestApp(database.db);
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const handoff = await requestHandoff(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      reason: 'requested_by_customer',
    });
    await request(app).post(`/admin/handoffs/${handoff.id}/claim`).set(bearer(tenant.apiKey)).send({ attendant: 'Carla' }).expect(200);

    const response = await request(app)
      .post(`/admin/conversations/${conversation.id}/messages`)
      .set(bearer(tenant.apiKey))
      .send({ text: 'Oi, aqui é a Carla! Posso te ajudar com o horário de sábado.' });

    expect(response.status).toBe(202);
    expect(response.body.attendant).toBe('Carla');
    expect(response.body.messages).toEqual([
      expect.objectContaining({ direction: 'outbound', author: 'attendant', attendant: 'Carla', type: 'text', status: 'pending' }),
    ]);
    const ids = response.body.messages.map((message: { id: number }) => message.id);
    expect(await queuedSendJobs(ids)).toEqual(ids);
  });

  it('when the body names the attendant, then that name is stored even without a claimed handoff', async () => {
    const app = createAdminTestApp(database.db);
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const response = await request(app)
      .post(`/admin/conversations/${conversation.id}/messages`)
      .set(bearer(tenant.apiKey))
      .send({ text: 'Confirmado!', attendant: 'Davi' });
    expect(response.status).toBe(202);
    const stored = await database.db.message.findFirstOrThrow({ where: { conversationId: conversation.id } });
    expect(stored).toMatchObject({ author: 'attendant', attendant: 'Davi', text: 'Confirmado!', direction: 'outbound' });
  });

  it('when the same Idempotency-Key is sent twice, then the reply is stored and queued once', async () => {
    const app = createAdminTestApp(database.db);
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const send = () =>
      request(app)
        .post(`/admin/conversations/${conversation.id}/messages`)
        .set(bearer(tenant.apiKey))
        .set('Idempotency-Key', 'reply-42')
        .send({ text: 'Só uma vez', attendant: 'Carla' });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(202);
    expect(second.status).toBe(200);
    expect(second.body.messages.map((message: { id: number }) => message.id)).toEqual(
      first.body.messages.map((message: { id: number }) => message.id),
    );
    expect(await database.db.message.count({ where: { conversationId: conversation.id } })).toBe(1);
  });

  it('when the text or the attendant name holds a NUL character, then 400 naming the field and nothing is stored', async () => {
    const app = createAdminTestApp(database.db);
    const { conversation } = await createTestConversation(database.db, tenant.id);
    for (const [body, field] of [
      [{ text: 'Oi\u0000, tudo bem?' }, 'text'],
      [{ text: 'Oi, tudo bem?', attendant: 'Car\u0000la' }, 'attendant'],
    ] as const) {
      const response = await request(app).post(`/admin/conversations/${conversation.id}/messages`).set(bearer(tenant.apiKey)).send(body);
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body.error)).toContain(field);
    }
    expect(await database.db.message.count({ where: { conversationId: conversation.id } })).toBe(0);
  });

  it('when the customer has not written in 24 hours, then 422 outside_customer_window and nothing is stored or queued', async () => {
    const app = createAdminTestApp(database.db);
    const { conversation } = await createTestConversation(database.db, tenant.id, { lastInboundAt: new Date(Date.now() - 25 * 3600_000) });
    const response = await request(app)
      .post(`/admin/conversations/${conversation.id}/messages`)
      .set(bearer(tenant.apiKey))
      .send({ text: 'Oi, ainda precisa de ajuda?', attendant: 'Carla' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error: { code: 'outside_customer_window', message: expect.stringContaining('24') } });
    expect(await database.db.message.count({ where: { conversationId: conversation.id } })).toBe(0);
  });

  it('when reading a conversation, then messages of both directions come oldest first with status and Meta error, plus customer and open handoff', async () => {
    const app = createAdminTestApp(database.db);
    const { conversation, customer } = await createTestConversation(database.db, tenant.id, { name: 'Joana', waId: '5521912345678' });
    const base = { tenantId: tenant.id, conversationId: conversation.id, type: 'text' };
    await createInboundMessage(database.db, {
      ...base,
      text: 'Quero falar com alguém',
      status: 'processed',
      createdAt: new Date('2026-11-29T10:00:00Z'),
    });
    await database.db.message.create({
      data: {
        ...base,
        direction: 'outbound',
        author: 'bot',
        text: 'Já chamei uma pessoa.',
        status: 'sent',
        createdAt: new Date('2026-11-29T10:00:05Z'),
      },
    });
    await database.db.message.create({
      data: {
        ...base,
        direction: 'outbound',
        author: 'attendant',
        attendant: 'Carla',
        text: 'Oi Joana!',
        status: 'failed',
        errorCode: '131047',
        errorTitle: 'Re-engagement message',
        createdAt: new Date('2026-11-29T10:03:00Z'),
      },
    });
    const handoff = await requestHandoff(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      reason: 'requested_by_customer',
      note: 'pediu humano',
    });

    const response = await request(app).get(`/admin/conversations/${conversation.id}`).set(bearer(tenant.apiKey));

    expect(response.status).toBe(200);
    expect(response.body.customer).toEqual({ id: customer.id, name: 'Joana', phone: '+5521912345678', username: null });
    expect(response.body.conversation.id).toBe(conversation.id);
    expect(
      response.body.messages.map((message: { author: string; text: string; status: string }) => [
        message.author,
        message.text,
        message.status,
      ]),
    ).toEqual([
      ['customer', 'Quero falar com alguém', 'processed'],
      ['bot', 'Já chamei uma pessoa.', 'sent'],
      ['attendant', 'Oi Joana!', 'failed'],
    ]);
    expect(response.body.messages[2]).toMatchObject({
      direction: 'outbound',
      attendant: 'Carla',
      errorCode: '131047',
      errorTitle: 'Re-engagement message',
    });
    expect(response.body.openHandoff).toMatchObject({
      id: handoff.id,
      status: 'pending',
      reason: 'requested_by_customer',
      note: 'pediu humano',
    });
    expect(response.body.hasOlderMessages).toBe(false);

    const latestTwo = await request(app).get(`/admin/conversations/${conversation.id}?limit=2`).set(bearer(tenant.apiKey));
    expect(latestTwo.body.messages.map((message: { text: string }) => message.text)).toEqual(['Já chamei uma pessoa.', 'Oi Joana!']);
    expect(latestTwo.body.hasOlderMessages).toBe(true);
  });
});
