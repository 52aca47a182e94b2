import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  type Channel,
  FakeResponder,
  findConversation,
  isQueueIdle,
  outboundMessages,
  postWebhook,
  startChannel,
  waitFor,
} from './channel-harness.js';

describe('debounce with a maximum wait', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    // Each message alone would push the run 800 ms further; the cap is 1.2 s after the first.
    channel = await startChannel({ database, config: { DEBOUNCE_MS: '800', DEBOUNCE_MAX_WAIT_MS: '1200' } });
    tenant = await createTestTenant(database.db);
  });
  afterAll(async () => channel.stop());

  it('when a customer keeps writing every 300 ms for longer than the max wait, then a run starts before they stop', async () => {
    new GraphApiFake().install();
    const responder = new FakeResponder();
    channel.useResponder(responder);
    const from = `5511${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const firstAt = Date.now();
    let sent = 0;
    // ~3.6 s of messages: three times the max wait, far more than the debounce.
    while (Date.now() - firstAt < 3600) {
      sent++;
      await postWebhook(
        channel.app,
        webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: `mensagem ${sent}`, messageId: newWamid() }),
      ).expect(200);
      await sleep(300);
    }
    const streamEndedAt = Date.now();
    expect(responder.started.length).toBeGreaterThan(0);
    expect(responder.started[0]).toBeLessThan(streamEndedAt);
    // the first run started near the cap, not at the end of the stream
    expect((responder.started[0] ?? Infinity) - firstAt).toBeLessThan(3000);

    // and every message is still answered in the end
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await waitFor(
      async () =>
        (await database.db.message.count({ where: { conversationId: conversation.id, direction: 'inbound', status: 'received' } })) === 0 &&
        (await outboundMessages(database.db, conversation.id)).every((row) => row.status === 'sent') &&
        (await isQueueIdle(database.db)),
      { what: 'every message processed and every reply sent' },
    );
    const seen = responder.runs.flatMap((run) => run.input.messages.map((message) => message.text));
    expect(new Set(seen).size).toBe(sent);
    expect((await outboundMessages(database.db, conversation.id)).length).toBeGreaterThan(0);
  });
});
