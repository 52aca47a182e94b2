import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Channel, isQueueIdle, postWebhook, startChannel, waitFor } from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { changeBody, nowSeconds } from '../fixtures/whatsapp/build-webhook.js';
import { newWaId, newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// Issue 29 item 1: a customer writes from a new number while their change of number is on its
// way; folding the new number's customer into the old one moved the message and deleted its
// conversation, whose job then found nothing: nobody answered, nobody was told.
describe('a message next to a number change', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    // a debounce long enough that the number change lands before the new number's turn runs
    channel = await startChannel({ database, config: { DEBOUNCE_MS: '2000' } });
    tenant = await createTestTenant(database.db, { accessToken: null });
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    new GraphApiFake().install();
  });

  const settled = async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await waitFor(() => isQueueIdle(database.db), { what: 'queue idle', timeoutMs: 20_000 });
  };
  const text = (from: string, body: string, messageId = newWamid()) =>
    postWebhook(channel.app, webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: body, messageId })).expect(200);

  it('when the customer writes from the new number just before the change arrives, then the message is answered in the kept conversation', async () => {
    const oldPhone = newWaId();
    const newPhone = newWaId();
    await text(oldPhone, 'Oi, sou eu de novo');
    await settled();
    const kept = await database.db.conversation.findFirstOrThrow({ where: { tenantId: tenant.id, customer: { waId: oldPhone } } });

    const stranded = newWamid();
    await text(newPhone, 'Troquei de número, quero marcar um corte', stranded);
    const change = {
      from: oldPhone,
      id: newWamid(),
      timestamp: nowSeconds(),
      type: 'system',
      system: { body: `User ${oldPhone} changed from ${oldPhone} to ${newPhone}`, wa_id: newPhone, type: 'user_changed_number' },
    };
    await postWebhook(channel.app, changeBody(tenant.phoneNumberId, { messages: [change] })).expect(200);
    await settled();

    const message = await database.db.message.findUniqueOrThrow({ where: { waMessageId: stranded } });
    expect(message.conversationId).toBe(kept.id);
    expect(message.status).not.toBe('received');
    const replies = await database.db.message.findMany({
      where: { conversationId: kept.id, direction: 'outbound', author: 'bot', id: { gt: message.id } },
    });
    expect(replies.length).toBeGreaterThan(0);
    expect(await database.db.customer.findMany({ where: { tenantId: tenant.id, waId: { in: [oldPhone, newPhone] } } })).toEqual([
      expect.objectContaining({ waId: newPhone }),
    ]);
  });
});
