import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Channel, isQueueIdle, postWebhook, startChannel, waitFor } from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newBsuid } from '../fixtures/whatsapp/build-webhook.js';
import { newWaId, newWamid } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createOutboundMessage, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const PEER_DIR = path.resolve(import.meta.dirname, '../fixtures/peer');

interface PeerFile {
  /** which placeholder values of the payloads stand for which party */
  roles: Partial<Record<'phone_number_id' | 'customer_phone' | 'new_customer_phone' | 'customer_bsuid' | 'parent_bsuid', string[]>>;
  payloads: Record<string, { source: string; body: unknown; statusOfOurReply?: boolean; knownCustomer?: boolean }>;
}

interface Freshened {
  body: string;
  phone: string;
  newPhone: string;
  bsuid: string;
  /** the fresh WhatsApp id of each item id in the payload */
  ids: string[];
}

/** A payload as a body of this test's tenant, with its own numbers, user ids, message ids and a current timestamp (same type as given). */
function freshen(file: PeerFile, body: unknown, phoneNumberId: string): Freshened {
  const fresh = { phone: newWaId(), newPhone: newWaId(), bsuid: newBsuid(), parent: newBsuid() };
  const byRole: Record<string, string> = {
    phone_number_id: phoneNumberId,
    customer_phone: fresh.phone,
    new_customer_phone: fresh.newPhone,
    customer_bsuid: fresh.bsuid,
    parent_bsuid: fresh.parent,
  };
  const values = new Map<string, string>();
  for (const [role, placeholders] of Object.entries(file.roles)) for (const value of placeholders ?? []) values.set(value, byRole[role]!);
  const ids = new Map<string, string>();
  const now = Math.floor(Date.now() / 1000);
  const walk = (node: unknown, key?: string): unknown => {
    if (Array.isArray(node)) return node.map((item) => walk(item));
    if (node && typeof node === 'object') return Object.fromEntries(Object.entries(node).map(([name, value]) => [name, walk(value, name)]));
    if (key === 'timestamp') return typeof node === 'number' ? now : String(now);
    if (typeof node !== 'string') return node;
    if (key === 'id' && /^(wamid\.|amid\.|ABGG)/.test(node)) {
      if (!ids.has(node)) ids.set(node, newWamid());
      return ids.get(node);
    }
    return values.get(node) ?? node;
  };
  return { body: JSON.stringify(walk(body)), phone: fresh.phone, newPhone: fresh.newPhone, bsuid: fresh.bsuid, ids: [...ids.values()] };
}

/**
 * What each copied payload must come to: what the customer receives (`reply`: the responder's
 * answer; `nothing`) and what a person is told (`no one`, or the handoff reason). For statuses
 * of our own reply, the reply's final delivery status.
 */
const EXPECTED: Record<string, { customer: 'reply' | 'nothing'; person: string | null; stored?: string; delivery?: string }> = {
  'whatsapp-api-js/incoming_text_with_bsuid_and_username': { customer: 'reply', person: null, stored: 'text' },
  'whatsapp-api-js/delivered_with_recipient_user_id_no_callback_data': { customer: 'nothing', person: null, delivery: 'delivered' },
  'chatwoot/bsuid_only_without_from': { customer: 'reply', person: null, stored: 'text' },
  'chatwoot/flow_reply_with_null_response_json': { customer: 'reply', person: null, stored: 'flow_reply' },
  // the owner wrote from the phone: the bot steps aside, and the console shows who answered
  'chatwoot/owner_echo_with_to_user_id': { customer: 'nothing', person: 'owner_replied', stored: 'text' },
  'netflie/system_user_changed_number_numeric_timestamp': { customer: 'nothing', person: null, stored: 'system' },
  'netflie/status_read_bare': { customer: 'nothing', person: null, delivery: 'read' },
  'netflie/status_failed_with_errors': { customer: 'nothing', person: 'delivery_failed', delivery: 'failed' },
  'netflie/text_numeric_timestamp': { customer: 'reply', person: null, stored: 'text' },
};

const SOURCES = ['whatsapp-api-js', 'chatwoot', 'netflie'];
const examples = SOURCES.flatMap((source) => {
  const file = JSON.parse(readFileSync(path.join(PEER_DIR, source, 'webhooks.json'), 'utf8')) as PeerFile;
  return Object.entries(file.payloads).map(([key, payload]) => ({ name: `${source}/${key}`, file, payload }));
});

// Issue 29's channel items, replayed with the shapes other projects' suites test against.
describe("other projects' webhook test payloads (whatsapp-api-js, Chatwoot, netflie)", () => {
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

  it('every copied payload has its expected outcome and names its source', () => {
    expect(examples.map((example) => example.name).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const example of examples) expect(example.payload.source, example.name).toMatch(/^[\w.-]+\/[\w.-]+ \S+/);
  });

  it.each(examples.map((example) => [example.name, example] as const))('%s', async (name, example) => {
    const expected = EXPECTED[name]!;
    const replayed = freshen(example.file, example.payload.body, tenant.phoneNumberId);
    const { db } = database;
    let ourReply: number | null = null;
    if (example.payload.statusOfOurReply) {
      const customer = await db.customer.create({ data: { tenantId: tenant.id, waId: replayed.phone } });
      const conversation = await db.conversation.create({
        data: { tenantId: tenant.id, customerId: customer.id, lastInboundAt: new Date() },
      });
      const row = await createOutboundMessage(db, {
        tenantId: tenant.id,
        conversationId: conversation.id,
        text: 'Pronto, agendado!',
        status: 'sent',
        waMessageId: replayed.ids[0]!,
      });
      ourReply = row.id;
    }
    if (example.payload.knownCustomer) {
      const customer = await db.customer.create({ data: { tenantId: tenant.id, waId: replayed.phone, name: 'Cliente antiga' } });
      await db.conversation.create({ data: { tenantId: tenant.id, customerId: customer.id, lastInboundAt: new Date() } });
    }
    const deadLettersBefore = await db.webhookDeadLetter.count({ where: { tenantId: tenant.id } });
    for (const _ of [1, 2]) expect((await postWebhook(channel.app, replayed.body)).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 400));
    await waitFor(() => isQueueIdle(db), { what: 'queue idle', timeoutMs: 30_000 });

    expect(await db.webhookDeadLetter.count({ where: { tenantId: tenant.id } }), 'nothing dead-lettered').toBe(deadLettersBefore);
    const customers = await db.customer.findMany({
      where: { tenantId: tenant.id, OR: [{ waId: { in: [replayed.phone, replayed.newPhone] } }, { bsuid: replayed.bsuid }] },
      select: { id: true, waId: true },
    });
    // One person is one customer, whichever id the payload carries (no ghost for a changed number).
    expect(customers, 'customers of this payload').toHaveLength(1);
    const conversationIds = (
      await db.conversation.findMany({ where: { customerId: { in: customers.map((c) => c.id) } }, select: { id: true } })
    ).map((conversation) => conversation.id);
    const answers = await db.message.findMany({
      where: {
        conversationId: { in: conversationIds },
        direction: 'outbound',
        author: { in: ['bot', 'system'] },
        ...(ourReply ? { id: { not: ourReply } } : {}),
      },
    });
    expect(answers.length > 0 ? 'reply' : 'nothing', 'what the customer receives').toBe(expected.customer);
    const handoffs = await db.handoff.findMany({ where: { conversationId: { in: conversationIds } }, select: { reason: true } });
    expect(
      handoffs.map((handoff) => handoff.reason),
      'what a person is told',
    ).toEqual(expected.person ? [expected.person] : []);
    if (expected.stored) {
      const stored = await db.message.findMany({ where: { waMessageId: { in: replayed.ids } }, select: { type: true } });
      expect(
        stored.map((row) => row.type),
        'stored once with its kind',
      ).toEqual([expected.stored]);
    }
    if (expected.delivery) {
      expect((await db.message.findUniqueOrThrow({ where: { id: ourReply! } })).status, 'our reply').toBe(expected.delivery);
    }
    if (name.startsWith('netflie/system_')) {
      expect(
        customers.map((customer) => customer.waId),
        'the customer takes the new number',
      ).toEqual([replayed.newPhone]);
    }
  });
});
