import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  type Channel,
  FakeResponder,
  findConversation,
  isQueueIdle,
  outboundMessages,
  sendTextWebhook,
  startChannel,
  waitFor,
} from './channel-harness.js';

// Item: nothing limited how fast one customer could make the bot work: a flood was 100 runs.
describe('per-customer inbound rate limit', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let graph: GraphApiFake;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({
      database,
      concurrency: 4,
      config: {
        INBOUND_RATE_LIMIT_MESSAGES: '10',
        INBOUND_RATE_LIMIT_WINDOW_MS: '60000',
        DEBOUNCE_MS: '200',
        DEBOUNCE_MAX_WAIT_MS: '1000',
      },
    });
    tenant = await createTestTenant(database.db);
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    graph = new GraphApiFake().install();
  });

  const settle = () => waitFor(() => isQueueIdle(database.db), { what: 'queue idle', timeoutMs: 20_000 });

  it('when a customer floods the number, then they get one polite notice and a person takes over with message_flood, not one run per message', async () => {
    const responder = new FakeResponder();
    channel.useResponder(responder);
    const from = newWaId();
    for (let batch = 0; batch < 6; batch++) {
      await Promise.all(
        Array.from({ length: 10 }, (_, index) => sendTextWebhook(channel.app, tenant.phoneNumberId, from, `spam ${batch * 10 + index}`)),
      );
    }
    await sleep(400);
    await settle();
    for (let index = 0; index < 20; index++) await sendTextWebhook(channel.app, tenant.phoneNumberId, from, `mais ${index}`);
    await sleep(400);
    await settle();

    const conversation = (await findConversation(database.db, tenant.id, from))!;
    // A debounced turn may come before the flood passes the limit; never one run per message.
    expect(responder.runs.length).toBeLessThanOrEqual(2);
    const handoffs = await database.db.handoff.findMany({ where: { conversationId: conversation.id } });
    expect(handoffs.map((handoff) => handoff.reason)).toEqual(['message_flood']);
    const notices = (await outboundMessages(database.db, conversation.id)).filter((row) => row.author === 'system');
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/muitas mensagens/);
    expect(graph.acceptedTexts().filter((sent) => /muitas mensagens/.test(sent))).toHaveLength(1);
    const inbound = await database.db.message.findMany({ where: { conversationId: conversation.id, direction: 'inbound' } });
    expect(inbound).toHaveLength(80);
    expect(inbound.every((message) => message.status === 'processed')).toBe(true);
  }, 60_000);

  it('when a customer writes a few messages, then the bot answers as usual', async () => {
    const responder = new FakeResponder();
    channel.useResponder(responder);
    const from = newWaId();
    for (const message of ['oi', 'queria marcar', 'um corte']) await sendTextWebhook(channel.app, tenant.phoneNumberId, from, message);
    await sleep(400);
    await settle();
    expect(responder.runs).toHaveLength(1);
    const conversation = (await findConversation(database.db, tenant.id, from))!;
    expect(await database.db.handoff.count({ where: { conversationId: conversation.id } })).toBe(0);
  }, 30_000);
});
