import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Channel, isQueueIdle, postWebhook, startChannel, waitFor } from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newBsuid } from '../fixtures/whatsapp/build-webhook.js';
import { newWaId, newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const EXAMPLES = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../fixtures/whatsapp/edge-shapes.json'), 'utf8')) as Record<
  string,
  unknown
>;

/** An example as a body of this test's tenant: its own phone, new phone, user id and message ids. */
function freshen(name: string, phoneNumberId: string) {
  const ids = { phone: newWaId(), newPhone: newWaId(), bsuid: newBsuid(), messageId: newWamid() };
  const body = JSON.stringify(EXAMPLES[name])
    .replaceAll('<BUSINESS_PHONE_NUMBER_ID>', phoneNumberId)
    .replaceAll('<WHATSAPP_USER_PHONE_NUMBER>', ids.phone)
    .replaceAll('<NEW_PHONE_NUMBER>', ids.newPhone)
    .replaceAll('<BSUID>', ids.bsuid)
    .replaceAll(/"wamid\.EDGE\d+"/g, `"${ids.messageId}"`)
    .replaceAll('"1764633600"', `"${Math.floor(Date.now() / 1000)}"`);
  return { ...ids, body };
}

// Shapes seen in real traffic that the intake used to dead-letter or misread (issue 29, items
// 2, 3, 5, 6): for each, what the customer receives and what a person is told.
describe('webhook shapes at the edges of the payload reference', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database });
    tenant = await createTestTenant(database.db, { accessToken: null });
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    new GraphApiFake().install();
  });

  const post = async (body: string) => expect((await postWebhook(channel.app, body)).status).toBe(200);
  const settled = async () => {
    await new Promise((resolve) => setTimeout(resolve, 500));
    await waitFor(() => isQueueIdle(database.db), { what: 'queue idle', timeoutMs: 20_000 });
  };
  const repliesTo = async (waMessageId: string) => {
    const stored = await database.db.message.findUniqueOrThrow({ where: { waMessageId } });
    const outbound = await database.db.message.findMany({
      where: { conversationId: stored.conversationId, direction: 'outbound', author: { in: ['bot', 'system'] } },
      orderBy: { id: 'asc' },
    });
    return { stored, texts: outbound.map((row) => row.text ?? '') };
  };
  const deadLetters = () => database.db.webhookDeadLetter.count();
  const handoffsOf = async (conversationId: number) =>
    (await database.db.handoff.findMany({ where: { conversationId } })).map((handoff) => handoff.reason);

  it.each([
    ['bsuid_only_empty_from', 'text'],
    ['no_from_contact_user_id', 'text'],
    ['flow_reply_null_fields', 'flow_reply'],
  ])('when %s arrives, then it is stored as %s and the customer is answered, no person needed', async (name, type) => {
    const example = freshen(name, tenant.phoneNumberId);
    const before = await deadLetters();
    await post(example.body);
    await settled();
    const { stored, texts } = await repliesTo(example.messageId);
    expect(stored.type).toBe(type);
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.some((text) => /só consigo ler/.test(text))).toBe(false);
    expect(await handoffsOf(stored.conversationId)).toEqual([]);
    expect(await deadLetters()).toBe(before);
  });

  it('when a customer opens the chat (request_welcome), then they are greeted, not told only text is read, and no person is called', async () => {
    const example = freshen('request_welcome', tenant.phoneNumberId);
    await post(example.body);
    await settled();
    const { stored, texts } = await repliesTo(example.messageId);
    expect(stored).toMatchObject({ type: 'request_welcome', text: 'Oi' });
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.some((text) => /só consigo ler|digite sua mensagem/.test(text))).toBe(false);
    expect(await handoffsOf(stored.conversationId)).toEqual([]);
  });

  it('when the owner answers from the phone with an empty `to` and a `to_user_id`, then the echo is stored as the business message and the bot steps aside', async () => {
    const example = freshen('echo_empty_to_with_user_id', tenant.phoneNumberId);
    await post(example.body);
    const stored = await database.db.message.findUniqueOrThrow({ where: { waMessageId: example.messageId } });
    expect(stored).toMatchObject({ direction: 'outbound', author: 'attendant' });
    expect(await handoffsOf(stored.conversationId)).toEqual(['owner_replied']);
    expect(await database.db.customer.findFirst({ where: { tenantId: tenant.id, bsuid: example.bsuid } })).not.toBeNull();
  });

  it('when a number change names a customer nobody knows (or arrives again after the move), then no ghost customer or conversation appears', async () => {
    const example = freshen('system_change_of_unknown_customer', tenant.phoneNumberId);
    await post(example.body);
    await post(example.body);
    const ghosts = await database.db.customer.count({ where: { tenantId: tenant.id, waId: { in: [example.phone, example.newPhone] } } });
    expect(ghosts).toBe(0);
    expect(await database.db.message.count({ where: { waMessageId: example.messageId } })).toBe(0);
    expect(await deadLetters()).toBe(0);
  });

  it('when a number change gives a wa_id that is not digits, then the customer keeps their number and the notice is stored silently', async () => {
    const example = freshen('system_change_to_non_digits', tenant.phoneNumberId);
    await post(
      JSON.stringify(
        webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from: example.phone, text: 'Oi', messageId: newWamid() }),
      ),
    );
    await settled();
    await post(example.body);
    await settled();
    const customer = await database.db.customer.findFirstOrThrow({ where: { tenantId: tenant.id, waId: example.phone } });
    expect(customer.waId).toBe(example.phone);
    expect(await database.db.customer.count({ where: { tenantId: tenant.id, waId: '55-11-nove-nove' } })).toBe(0);
    const { stored } = await repliesTo(example.messageId);
    expect(stored).toMatchObject({ type: 'system', status: 'processed' });
  });
});
