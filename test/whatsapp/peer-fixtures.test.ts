import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Channel, isQueueIdle, postWebhook, startChannel, waitFor } from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newBsuid } from '../fixtures/whatsapp/build-webhook.js';
import { newWaId, newWamid } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const PEER_DIR = path.resolve(import.meta.dirname, '../fixtures/peer/pywa');

/**
 * What each of pywa's webhook examples must become: the stored `messages.type` (null: no
 * message is stored, e.g. a status or another field) and what the customer gets: `reply` (the
 * responder answered), `notice` (the "only text is read here" / "please type" answer), or
 * `silent` (stored, deliberately unanswered), or `owner` (the owner's echo: stored as the
 * business's message, the bot steps aside).
 */
const EXPECTED: Record<string, { type: string | null; outcome: 'reply' | 'notice' | 'silent' | 'owner' | 'none' }> = {
  'message/text': { type: 'text', outcome: 'reply' },
  'message/image': { type: 'image', outcome: 'notice' },
  'message/video': { type: 'video', outcome: 'reply' },
  'message/document': { type: 'document', outcome: 'reply' },
  'message/audio': { type: 'audio', outcome: 'notice' },
  'message/voice': { type: 'audio', outcome: 'notice' },
  'message/static_sticker': { type: 'sticker', outcome: 'notice' },
  'message/animated_sticker': { type: 'sticker', outcome: 'notice' },
  'message/reaction': { type: 'reaction', outcome: 'silent' },
  'message/unreaction_empty': { type: 'reaction', outcome: 'silent' },
  'message/unreaction_no_emoji': { type: 'reaction', outcome: 'silent' },
  'message/current_location': { type: 'location', outcome: 'notice' },
  'message/chosen_location': { type: 'location', outcome: 'notice' },
  'message/contacts': { type: 'contacts', outcome: 'notice' },
  'message/order': { type: 'order', outcome: 'reply' },
  'message/unsupported': { type: 'unsupported', outcome: 'notice' },
  'message/reply': { type: 'text', outcome: 'reply' },
  'message/forwarded': { type: 'text', outcome: 'reply' },
  'message/forwarded_many_times': { type: 'text', outcome: 'reply' },
  'message/interactive_message_with_err': { type: 'interactive', outcome: 'notice' },
  'message/referral': { type: 'text', outcome: 'reply' },
  'message_status/sent': { type: null, outcome: 'none' },
  'message_status/delivered': { type: null, outcome: 'none' },
  'message_status/read': { type: null, outcome: 'none' },
  'message_status/failed': { type: null, outcome: 'none' },
  'message_status/with_tracker': { type: null, outcome: 'none' },
  'system/phone_number_change': { type: 'system', outcome: 'silent' },
  'system/user_id_change': { type: 'system', outcome: 'silent' },
  'system/identity_change': { type: 'system', outcome: 'silent' },
  'edited_message/edit_text': { type: 'edit', outcome: 'reply' },
  'edited_message/edit_caption': { type: 'edit', outcome: 'reply' },
  'deleted_message/revoke': { type: 'revoke', outcome: 'silent' },
  'outgoing_message/text': { type: 'text', outcome: 'owner' },
  'callback_button/button': { type: 'interactive', outcome: 'reply' },
  'callback_button/quick_reply': { type: 'button', outcome: 'reply' },
  'callback_selection/callback': { type: 'interactive', outcome: 'reply' },
  'callback_selection/description': { type: 'interactive', outcome: 'reply' },
  'flow_completion/completion': { type: 'flow_reply', outcome: 'reply' },
  'flow_completion/without_flow_token': { type: 'flow_reply', outcome: 'reply' },
  'template_status/approved': { type: null, outcome: 'none' },
  'account_update/account_deleted': { type: null, outcome: 'none' },
  'account_update/account_restriction': { type: null, outcome: 'none' },
  'account_update/account_violation': { type: null, outcome: 'none' },
  'account_update/account_offboarded': { type: null, outcome: 'none' },
};

interface Replayed {
  name: string;
  body: string;
  bsuid: string;
  waIds: string[];
  messageIds: string[];
}

/** One example as a body of this test's tenant, with its own fresh numbers, user ids, message ids and timestamps. */
function freshen(name: string, raw: unknown, phoneNumberId: string): Replayed {
  const phone = newWaId();
  const newPhone = newWaId();
  const bsuid = newBsuid();
  const ids = new Map<string, string>();
  const now = String(Math.floor(Date.now() / 1000));
  const body = JSON.stringify(raw)
    .replaceAll('"1122334455667"', `"${phoneNumberId}"`)
    .replaceAll('<BUSINESS_PHONE_NUMBER_ID>', phoneNumberId)
    .replaceAll('972987654321', phone)
    .replaceAll('<WHATSAPP_USER_PHONE_NUMBER>', phone)
    .replaceAll('972912345678', newPhone)
    .replaceAll('US.13491208655302741918', bsuid)
    .replaceAll('<BSUID>', bsuid)
    .replaceAll('CO.1234567890', bsuid)
    .replaceAll('MX.0987654321', newBsuid())
    .replaceAll(/"(wamid\.[^"]*|<WHATSAPP_MESSAGE_ID>|<ORIGINAL_WHATSAPP_MESSAGE_ID>)"/g, (_match, id: string) => {
      if (!ids.has(id)) ids.set(id, newWamid());
      return `"${ids.get(id)}"`;
    })
    .replaceAll(/"timestamp":"\d+"/g, `"timestamp":"${now}"`);
  const parsed = JSON.parse(body) as {
    entry: { changes: { value: { messages?: { id: string }[]; message_echoes?: { id: string }[] } }[] }[];
  };
  const value = parsed.entry[0]!.changes[0]!.value;
  const messageIds = [...(value.messages ?? []), ...(value.message_echoes ?? [])].map((item) => item.id);
  return { name, body, bsuid, waIds: [phone, newPhone], messageIds };
}

describe("a peer library's webhook examples (pywa's tests/data/updates)", () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let replayed: Replayed[];
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database });
    tenant = await createTestTenant(database.db, { accessToken: null });
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    new GraphApiFake().install();
  });

  it('when every example is posted twice, signed, then each answers 200 and is stored once with its kind, and gets a reply, the notice or a deliberate silence', async () => {
    const files = [
      'message',
      'message_status',
      'system',
      'edited_message',
      'deleted_message',
      'outgoing_message',
      'callback_button',
      'callback_selection',
      'flow_completion',
      'template_status',
      'account_update',
    ];
    replayed = files.flatMap((file) => {
      const examples = JSON.parse(readFileSync(path.join(PEER_DIR, `${file}.json`), 'utf8')) as Record<string, unknown>;
      return Object.entries(examples).map(([key, raw]) => freshen(`${file}/${key}`, raw, tenant.phoneNumberId));
    });
    expect(replayed.map((example) => example.name).sort()).toEqual(Object.keys(EXPECTED).sort());
    for (const example of replayed) {
      // a number or id change is kept only for a customer the salon knows (else it would create one)
      if (example.name.startsWith('system/')) {
        await database.db.customer.create({ data: { tenantId: tenant.id, waId: example.waIds[0]!, bsuid: example.bsuid } });
      }
      for (const _ of [1, 2]) expect((await postWebhook(channel.app, example.body)).status, example.name).toBe(200);
    }
    await new Promise((resolve) => setTimeout(resolve, 800));
    await waitFor(() => isQueueIdle(database.db), { what: 'queue idle', timeoutMs: 30_000 });

    const table: { example: string; type: string | null; outcome: string }[] = [];
    for (const example of replayed) {
      const rows = await database.db.message.findMany({ where: { waMessageId: { in: example.messageIds } }, orderBy: { id: 'asc' } });
      const stored = rows[0] ?? null;
      let outcome = 'none';
      if (stored) {
        const outbound = await database.db.message.findMany({
          where: { conversationId: stored.conversationId, direction: 'outbound', author: { in: ['bot', 'system'] } },
        });
        if (stored.direction === 'outbound') outcome = 'owner';
        else if (outbound.length === 0) outcome = 'silent';
        else outcome = outbound.some((row) => /só consigo ler|digite sua mensagem/.test(row.text ?? '')) ? 'notice' : 'reply';
        expect(rows, `${example.name} stored once`).toHaveLength(1);
      }
      table.push({ example: example.name, type: stored?.type ?? null, outcome });
    }
    expect(await database.db.webhookDeadLetter.count()).toBe(0);
    expect(Object.fromEntries(table.map((row) => [row.example, { type: row.type, outcome: row.outcome }]))).toEqual(EXPECTED);
  });
});
