import { beforeAll, describe, expect, it } from 'vitest';
import { type Channel, findConversation, postWebhook, startChannel } from '../conversation/channel-harness.js';
import { newWaId, newWamid, type WebhookFixtureName, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createOutboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('WhatsApp webhook intake', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database, worker: false });
    tenant = await createTestTenant(database.db);
  });
  const jobsOf = (conversationId: number) =>
    database.db.$queryRaw<{ key: string; queue_name: string; run_at: Date; max_attempts: number }[]>`
      SELECT j.key, q.queue_name, j.run_at, j.max_attempts FROM graphile_worker._private_jobs j
      JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      LEFT JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
      WHERE t.identifier = 'process-conversation' AND j.key = ${`process-conversation:${conversationId}`}`;

  it('when a text arrives from a new customer, then customer, conversation, message and one debounced job are stored', async () => {
    const from = newWaId();
    const messageId = newWamid();
    const before = Date.now();
    await postWebhook(
      channel.app,
      webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, messageId, profileName: 'Joana Lima' }),
    ).expect(200);
    const conversation = await findConversation(database.db, tenant.id, from);
    expect(conversation).not.toBeNull();
    const customer = await database.db.customer.findUniqueOrThrow({ where: { id: conversation!.customerId } });
    expect(customer.name).toBe('Joana Lima');
    expect(conversation!.lastInboundAt!.getTime()).toBeGreaterThan(before - 2000);
    const message = await database.db.message.findUniqueOrThrow({ where: { waMessageId: messageId } });
    expect(message).toMatchObject({
      direction: 'inbound',
      author: 'customer',
      type: 'text',
      text: 'Oi, queria marcar um corte amanhã',
      status: 'received',
    });
    const jobs = await jobsOf(conversation!.id);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.queue_name).toBe(`conversation:${conversation!.id}`);
    expect(jobs[0]!.max_attempts).toBe(3);
    expect(jobs[0]!.run_at.getTime()).toBeGreaterThanOrEqual(before + 250);
  });

  it('when the same message is delivered 5 times at once, then it is stored once with one job', async () => {
    const from = newWaId();
    const body = webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from });
    const responses = await Promise.all(Array.from({ length: 5 }, () => postWebhook(channel.app, body)));
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    const conversation = await findConversation(database.db, tenant.id, from);
    expect(await database.db.message.count({ where: { conversationId: conversation!.id } })).toBe(1);
    expect(await jobsOf(conversation!.id)).toHaveLength(1);
  });

  it.each([
    ['interactive-button-reply', 'interactive', 'Confirmar', 'confirmar'],
    ['interactive-list-reply', 'interactive', 'Ter 01/12 10:00', 'slot-2026-12-01T10:00'],
    ['button', 'button', 'Confirmar presença', 'CONFIRMAR_LEMBRETE'],
    ['image', 'image', 'Quero esse corte', null],
    ['audio', 'audio', null, null],
    ['sticker', 'sticker', null, null],
  ] as [WebhookFixtureName, string, string | null, string | null][])(
    'when a %s arrives, then it is stored with type %s, its readable text and the chosen id',
    async (fixture, type, text, replyId) => {
      const messageId = newWamid();
      await postWebhook(channel.app, webhookFixture(fixture, { phoneNumberId: tenant.phoneNumberId, from: newWaId(), messageId })).expect(
        200,
      );
      const message = await database.db.message.findUniqueOrThrow({ where: { waMessageId: messageId } });
      expect(message.type).toBe(type);
      expect(message.text).toBe(text);
      expect((message.payload as { replyId: string | null }).replyId).toBe(replyId);
    },
  );

  /** A bot message Meta took (status `sent`, with its WhatsApp id) to a new customer of `tenantId`, and a status webhook of it. */
  const sentMessage = async (tenantId: number, text = 'Olá!') => {
    const { conversation, customer } = await createTestConversation(database.db, tenantId);
    const waMessageId = newWamid();
    const outbound = await createOutboundMessage(database.db, {
      tenantId,
      conversationId: conversation.id,
      text,
      status: 'sent',
      waMessageId,
    });
    const sendStatus = (name: WebhookFixtureName) =>
      postWebhook(
        channel.app,
        webhookFixture(name, { phoneNumberId: tenant.phoneNumberId, from: customer.waId ?? undefined, statusFor: waMessageId }),
      ).expect(200);
    return { conversation, outbound, sendStatus };
  };

  it('when status webhooks arrive, then the outbound message moves forward and never back', async () => {
    const { outbound, sendStatus: send } = await sentMessage(tenant.id);
    const statusOf = async () => (await database.db.message.findUniqueOrThrow({ where: { id: outbound.id } })).status;
    await send('status-delivered');
    expect(await statusOf()).toBe('delivered');
    await send('status-read');
    expect(await statusOf()).toBe('read');
    await send('status-delivered');
    expect(await statusOf()).toBe('read');
  });

  it('when a failed status arrives, then the message is stored failed with Meta error code and title and the chat goes to a person', async () => {
    const { conversation, outbound, sendStatus } = await sentMessage(tenant.id);
    await sendStatus('status-failed');
    expect(await database.db.message.findUniqueOrThrow({ where: { id: outbound.id } })).toMatchObject({
      status: 'failed',
      errorCode: '131047',
      errorTitle: 'Re-engagement message',
    });
    const handoffs = await database.db.handoff.findMany({ where: { conversationId: conversation.id } });
    expect(handoffs).toHaveLength(1);
    expect(handoffs[0]).toMatchObject({ tenantId: tenant.id, reason: 'delivery_failed', status: 'pending' });
    expect(handoffs[0]!.note).toContain('131047');
  });

  it("when an attendant's message fails, then no handoff is opened (the attendant sees the failure)", async () => {
    const { conversation, outbound, sendStatus } = await sentMessage(tenant.id, 'Oi, aqui é a Carla.');
    await database.db.message.update({ where: { id: outbound.id }, data: { author: 'attendant', attendant: 'Carla' } });
    await sendStatus('status-failed');
    expect((await database.db.message.findUniqueOrThrow({ where: { id: outbound.id } })).status).toBe('failed');
    expect(await database.db.handoff.count({ where: { conversationId: conversation.id } })).toBe(0);
  });

  it("when a status names another tenant's message, then that message is not touched", async () => {
    const other = await createTestTenant(database.db);
    const { outbound, sendStatus } = await sentMessage(other.id);
    await sendStatus('status-read'); // on this tenant's number
    expect((await database.db.message.findUniqueOrThrow({ where: { id: outbound.id } })).status).toBe('sent');
  });
});
