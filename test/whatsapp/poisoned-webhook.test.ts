import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src/shared/index.js';
import { replayDeadLetter } from '../../src/whatsapp/index.js';
import {
  type Channel,
  findConversation,
  isQueueIdle,
  outboundMessages,
  postWebhook,
  startChannel,
  waitFor,
} from '../conversation/channel-harness.js';
import { newWaId, newWamid } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

/** A text message item as Meta sends it. */
const textItem = (from: string, body: string, id = newWamid()) => ({
  from,
  id,
  timestamp: String(Math.floor(Date.now() / 1000)),
  type: 'text',
  text: { body },
});

/** JSON text of an object nested `depth` levels deep (built as text: serialising it would need as deep a stack). */
const nestedJson = (depth: number) => `${'{"a":'.repeat(depth)}"fundo"${'}'.repeat(depth)}`;

const POISONS: [string, (from: string) => string][] = [
  // A NUL inside a key: legal JSON, refused by jsonb.
  [
    'a NUL inside a key',
    (from) => JSON.stringify(textItem(from, 'chave envenenada')).replace('"text":{', '"te\\u0000xt":{"x":1},"text":{'),
  ],
  ['a timestamp no Date can hold', (from) => JSON.stringify({ ...textItem(from, 'tempo'), timestamp: '99999999999999999999' })],
  ['JSON nested 5 000 deep', (from) => JSON.stringify(textItem(from, 'fundo')).replace(/}$/, `,"extra":${nestedJson(5000)}}`)],
];

describe('one bad item never blocks a webhook', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database });
    tenant = await createTestTenant(database.db, { accessToken: null });
  });
  afterAll(async () => channel.stop());

  /** A signed body with three good messages from three customers and one poisoned item among them, as raw JSON text. */
  const bodyWith = (poison: string, good: { from: string; id: string }[]) => {
    const items = [
      JSON.stringify(textItem(good[0]!.from, 'Oi, queria marcar', good[0]!.id)),
      poison,
      JSON.stringify(textItem(good[1]!.from, 'Tem horário amanhã?', good[1]!.id)),
      JSON.stringify(textItem(good[2]!.from, 'Bom dia', good[2]!.id)),
    ];
    return (
      `{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[{"field":"messages","value":` +
      `{"messaging_product":"whatsapp","metadata":{"display_phone_number":"5511933334444","phone_number_id":"${tenant.phoneNumberId}"},` +
      `"contacts":[${good.map((sender) => `{"profile":{"name":"Cliente"},"wa_id":"${sender.from}"}`).join(',')}],` +
      `"messages":[${items.join(',')}]}}]}]}`
    );
  };

  it.each(POISONS)(
    'when a body carries three good messages and one with %s, then 200, the three are stored and answered, the poisoned one is dead-lettered',
    async (what, poisonOf) => {
      const good = [0, 1, 2].map(() => ({ from: newWaId(), id: newWamid() }));
      const poisonedFrom = newWaId();
      const before = await database.db.webhookDeadLetter.count();
      await postWebhook(channel.app, bodyWith(poisonOf(poisonedFrom), good)).expect(200);

      for (const sender of good) {
        expect(await database.db.message.count({ where: { waMessageId: sender.id } })).toBe(1);
        const conversation = await waitFor(() => findConversation(database.db, tenant.id, sender.from), { what: 'conversation' });
        await waitFor(async () => (await outboundMessages(database.db, conversation.id)).some((row) => row.status === 'sent'), {
          what: `an answer to ${sender.from}`,
        });
      }
      expect(await findConversation(database.db, tenant.id, poisonedFrom)).toBeNull();
      const letters = await database.db.webhookDeadLetter.findMany({ where: { id: { gt: 0 } }, orderBy: { id: 'asc' }, skip: before });
      expect(letters, what).toHaveLength(1);
      expect(letters[0]).toMatchObject({ tenantId: tenant.id, phoneNumberId: tenant.phoneNumberId, field: 'messages', kind: 'message' });
      expect(letters[0]!.raw).toContain(poisonedFrom);
      await waitFor(() => isQueueIdle(database.db), { what: 'queue idle' });
    },
  );

  it('when a dead letter is fixed by ops and replayed, then its message is stored once and the letter is marked replayed', async () => {
    const from = newWaId();
    const id = newWamid();
    const poison = JSON.stringify({ ...textItem(from, 'quero marcar', id), timestamp: '99999999999999999999' });
    await postWebhook(
      channel.app,
      bodyWith(
        poison,
        [0, 1, 2].map(() => ({ from: newWaId(), id: newWamid() })),
      ),
    ).expect(200);
    const letter = await database.db.webhookDeadLetter.findFirstOrThrow({ where: { raw: { contains: id } } });
    const schedule = { debounceMs: 300, maxWaitMs: 10_000, maxAttempts: 3 };

    const again = await replayDeadLetter({ db: database.db, logger: silentLogger, schedule }, letter.id);
    expect(again.kind).toBe('failed_again');
    expect((await database.db.webhookDeadLetter.findUniqueOrThrow({ where: { id: letter.id } })).replayError).toContain('timestamp');

    const fixed = letter.raw.replace('"99999999999999999999"', `"${Math.floor(Date.now() / 1000)}"`);
    await database.db.webhookDeadLetter.update({ where: { id: letter.id }, data: { raw: fixed } });
    expect(await replayDeadLetter({ db: database.db, logger: silentLogger, schedule }, letter.id)).toMatchObject({
      kind: 'replayed',
      stored: 1,
    });
    expect(await database.db.message.count({ where: { waMessageId: id } })).toBe(1);
    expect((await database.db.webhookDeadLetter.findUniqueOrThrow({ where: { id: letter.id } })).replayedAt).not.toBeNull();
    expect((await replayDeadLetter({ db: database.db, logger: silentLogger, schedule }, letter.id)).kind).toBe('already_replayed');
  });

  it('when the whole body has an unexpected shape, then 200 and it is kept as a dead letter', async () => {
    await postWebhook(channel.app, { object: 'whatsapp_business_account', entry: 'not a list' }).expect(200);
    const letter = await database.db.webhookDeadLetter.findFirstOrThrow({ where: { kind: 'body' }, orderBy: { id: 'desc' } });
    expect(letter.raw).toContain('not a list');
  });
});
