import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { runDailyMaintenance } from '../../src/boot/create-maintenance-tasks.js';
import { createGraphApiClient } from '../../src/graph/index.js';
import { sendOutboundMessage } from '../../src/outbox/index.js';
import { settleUndeliveredMessage } from '../../src/reminders/index.js';
import { fixedClock, silentLogger } from '../../src/shared/index.js';
import { type Channel, postWebhook, startChannel } from '../conversation/channel-harness.js';
import { FAKE_GRAPH_URL } from '../fakes/graph-api.js';
import { newWamid, type WebhookFixtureName, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createOutboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// Issue 29 item 6: a status webhook that comes before the send job recorded Meta's answer (the
// wamid), without biz_opaque_callback_data, found no outbox row and was dropped.
describe('status webhooks that arrive before the send records its WhatsApp id', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database, worker: false });
    tenant = await createTestTenant(database.db);
  });

  const graph = () =>
    createGraphApiClient({ baseUrl: FAKE_GRAPH_URL, version: 'v23.0', maxRetries: 1, logger: silentLogger, baseDelayMs: 1 });
  const sendDeps = () => ({ db: database.db, graph: graph(), logger: silentLogger, onUndelivered: settleUndeliveredMessage });

  /** Meta as seen when its status webhooks overtake its own HTTP answer: they are posted (without callback data) before it answers with `wamid`. */
  const metaStatusesFirst = (wamid: string, recipient: string, statuses: WebhookFixtureName[]) => {
    mswServer.use(
      http.post(`${FAKE_GRAPH_URL}/:version/:phoneNumberId/messages`, async () => {
        for (const name of statuses) {
          const body = webhookFixture(name, { phoneNumberId: tenant.phoneNumberId, from: recipient, statusFor: wamid });
          await postWebhook(channel.app, body).expect(200);
        }
        return HttpResponse.json({
          messaging_product: 'whatsapp',
          contacts: [{ input: recipient, wa_id: recipient }],
          messages: [{ id: wamid, message_status: 'accepted' }],
        });
      }),
    );
  };

  const pendingReply = async () => {
    const { conversation, customer } = await createTestConversation(database.db, tenant.id);
    const message = await createOutboundMessage(database.db, { tenantId: tenant.id, conversationId: conversation.id, text: 'Agendado!' });
    return { conversation, message, recipient: customer.waId! };
  };

  it('when delivered and read come before the send completes, then the row ends read with its wamid and nothing stays parked', async () => {
    const { message, recipient } = await pendingReply();
    const wamid = newWamid();
    metaStatusesFirst(wamid, recipient, ['status-delivered', 'status-read']);
    expect(await database.db.parkedStatus.count({ where: { waMessageId: wamid } })).toBe(0);
    expect(await sendOutboundMessage(sendDeps(), message.id, { attempt: 1, maxAttempts: 8 })).toBe('sent');
    expect(await database.db.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      status: 'read',
      waMessageId: wamid,
    });
    expect(await database.db.parkedStatus.count({ where: { waMessageId: wamid } })).toBe(0);
  });

  it('when only delivered comes first, then the row ends delivered (not merely sent)', async () => {
    const { message, recipient } = await pendingReply();
    const wamid = newWamid();
    metaStatusesFirst(wamid, recipient, ['status-delivered']);
    await sendOutboundMessage(sendDeps(), message.id, { attempt: 1, maxAttempts: 8 });
    expect((await database.db.message.findUniqueOrThrow({ where: { id: message.id } })).status).toBe('delivered');
  });

  it('when failed comes first, then the row is failed with Meta error and the conversation goes to a person', async () => {
    const { conversation, message, recipient } = await pendingReply();
    const wamid = newWamid();
    metaStatusesFirst(wamid, recipient, ['status-failed']);
    expect(await sendOutboundMessage(sendDeps(), message.id, { attempt: 1, maxAttempts: 8 })).toBe('failed');
    expect(await database.db.message.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      status: 'failed',
      waMessageId: wamid,
      errorCode: '131047',
    });
    const handoffs = await database.db.handoff.findMany({ where: { conversationId: conversation.id } });
    expect(handoffs).toMatchObject([{ reason: 'delivery_failed', status: 'pending' }]);
    expect(handoffs[0]!.note).toContain('131047');
  });

  it('when a status repeats for a row already recorded, then it is applied as before and not parked', async () => {
    const { conversation, customer } = await createTestConversation(database.db, tenant.id);
    const wamid = newWamid();
    const message = await createOutboundMessage(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      status: 'read',
      waMessageId: wamid,
    });
    await postWebhook(
      channel.app,
      webhookFixture('status-delivered', { phoneNumberId: tenant.phoneNumberId, from: customer.waId!, statusFor: wamid }),
    ).expect(200);
    expect((await database.db.message.findUniqueOrThrow({ where: { id: message.id } })).status).toBe('read');
    expect(await database.db.parkedStatus.count({ where: { waMessageId: wamid } })).toBe(0);
  });

  it('when a parked status is a week old, then the daily maintenance deletes it and keeps a fresh one', async () => {
    const now = new Date();
    const old = newWamid();
    const fresh = newWamid();
    await database.db.parkedStatus.createMany({
      data: [
        { tenantId: tenant.id, waMessageId: old, status: 'delivered', receivedAt: new Date(now.getTime() - 8 * 86_400_000) },
        { tenantId: tenant.id, waMessageId: fresh, status: 'delivered', receivedAt: new Date(now.getTime() - 86_400_000) },
      ],
    });
    await runDailyMaintenance({ db: database.db, logger: silentLogger, clock: fixedClock(now.toISOString()), historyWindow: 40 });
    expect(await database.db.parkedStatus.count({ where: { waMessageId: old } })).toBe(0);
    expect(await database.db.parkedStatus.count({ where: { waMessageId: fresh } })).toBe(1);
  });
});
