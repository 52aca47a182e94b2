import { Writable } from 'node:stream';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildInboundTurn } from '../../src/agent/build-inbound-turn.js';
import type { RunOutcome } from '../../src/conversation/index.js';
import { createLogger } from '../../src/shared/index.js';
import {
  type Channel,
  FakeResponder,
  findConversation,
  isQueueIdle,
  outboundMessages,
  postWebhook,
  startChannel,
  waitFor,
} from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { changeBody, contact, nowSeconds, textMessage } from '../fixtures/whatsapp/build-webhook.js';
import { newWaId, newWamid } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('every message kind has a deliberate meaning', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  const logLines: Record<string, unknown>[] = [];
  // Hands off when asked for a person, like the real responders; else echoes what it read.
  const responder = new FakeResponder({
    answer: (input): RunOutcome =>
      input.messages.some((message) => /pessoa/.test(message.text ?? ''))
        ? { kind: 'handoff', reason: 'requested_by_customer', replies: [] }
        : {
            kind: 'answer',
            replies: [{ type: 'text', text: `Recebi: ${input.messages.map((message) => `${message.type}=${message.text}`).join(' | ')}` }],
          },
  });
  beforeAll(async () => {
    database = await testDatabase();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) logLines.push(JSON.parse(line) as Record<string, unknown>);
        done();
      },
    });
    // A debounce long enough that a revoke or an edit sent right after its message lands inside it.
    channel = await startChannel({ database, responder, config: { DEBOUNCE_MS: '1200' }, logger: createLogger('debug', undefined, sink) });
    tenant = await createTestTenant(database.db, { accessToken: null });
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    new GraphApiFake().install();
  });

  const post = (value: Record<string, unknown>, field?: string) =>
    postWebhook(channel.app, changeBody(tenant.phoneNumberId, value, field)).expect(200);
  const message = (from: string, item: Record<string, unknown>) =>
    post({ contacts: [contact({ waId: from })], messages: [{ from, id: newWamid(), timestamp: nowSeconds(), ...item }] });
  const settle = async () => {
    await sleep(1500);
    await waitFor(() => isQueueIdle(database.db), { what: 'queue idle' });
  };

  it('when a customer changed number (system), then nothing is answered and the customer, with its appointments, moves to the new number', async () => {
    const oldPhone = newWaId();
    const newPhone = newWaId();
    await message(oldPhone, { type: 'text', text: { body: 'oi' } });
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, oldPhone), { what: 'conversation' });
    await settle();
    const startsAt = new Date(Date.now() + 3 * 86_400_000);
    const appointment = await database.db.appointment.create({
      data: {
        tenantId: tenant.id,
        customerId: conversation.customerId,
        professionalId: tenant.professionals[0]!.id,
        serviceId: tenant.services[0]!.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
      },
    });
    const repliesBefore = (await outboundMessages(database.db, conversation.id)).length;
    await post({
      messages: [
        {
          from: oldPhone,
          id: newWamid(),
          timestamp: nowSeconds(),
          type: 'system',
          system: { body: `User A changed from ${oldPhone} to ${newPhone}`, wa_id: newPhone, type: 'customer_changed_number' },
        },
      ],
    });
    await settle();
    expect(await outboundMessages(database.db, conversation.id)).toHaveLength(repliesBefore);
    const customer = await database.db.customer.findUniqueOrThrow({ where: { id: conversation.customerId } });
    expect(customer.waId).toBe(newPhone);
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointment.id } })).customerId).toBe(customer.id);
    const system = await database.db.message.findFirstOrThrow({ where: { conversationId: conversation.id, type: 'system' } });
    expect(system).toMatchObject({ status: 'processed', text: expect.stringContaining('changed') });
    // the new number writes: the same conversation
    await message(newPhone, { type: 'text', text: { body: 'sou eu com número novo' } });
    expect((await findConversation(database.db, tenant.id, newPhone))?.id).toBe(conversation.id);
  });

  it('when the identity of a known customer changed (system), then it is stored and nothing is answered', async () => {
    const from = newWaId();
    await database.db.customer.create({ data: { tenantId: tenant.id, waId: from } });
    await message(from, {
      type: 'system',
      system: { body: 'User identity changed', type: 'customer_identity_changed' },
      identity: { acknowledged: true },
    });
    await settle();
    const conversation = await findConversation(database.db, tenant.id, from);
    expect(await outboundMessages(database.db, conversation!.id)).toHaveLength(0);
    expect(await database.db.message.findFirstOrThrow({ where: { conversationId: conversation!.id } })).toMatchObject({
      type: 'system',
      status: 'processed',
    });
  });

  it('when "quero falar com uma pessoa" is revoked inside the debounce window, then no handoff and no reply', async () => {
    const from = newWaId();
    const original = newWamid();
    await message(from, { id: original, type: 'text', text: { body: 'quero falar com uma pessoa' } });
    await message(from, { type: 'revoke', revoke: { original_message_id: original } });
    await settle();
    const conversation = await findConversation(database.db, tenant.id, from);
    expect(await database.db.handoff.count({ where: { conversationId: conversation!.id } })).toBe(0);
    expect(await outboundMessages(database.db, conversation!.id)).toHaveLength(0);
    const rows = await database.db.message.findMany({ where: { conversationId: conversation!.id }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.type, row.status])).toEqual([
      ['text', 'revoked'],
      ['revoke', 'processed'],
    ]);
  });

  it("when a message is edited before it is answered, then the edit's text replaces the original and one run reads it", async () => {
    const from = newWaId();
    const original = newWamid();
    await message(from, { id: original, type: 'text', text: { body: 'corte amanhã' } });
    await message(from, {
      type: 'edit',
      edit: { original_message_id: original, message: { type: 'text', text: { body: 'coloração amanhã' } } },
    });
    await settle();
    const conversation = await findConversation(database.db, tenant.id, from);
    const replies = await outboundMessages(database.db, conversation!.id);
    expect(replies.map((reply) => reply.text)).toEqual(['Recebi: text=coloração amanhã']);
  });

  it('when a customer reacts to a message and removes the reaction, then both are stored silently (no notice, no handoff)', async () => {
    const from = newWaId();
    await message(from, { type: 'reaction', reaction: { message_id: newWamid(), emoji: '👍' } });
    await message(from, { type: 'reaction', reaction: { message_id: newWamid(), emoji: '' } });
    await settle();
    const conversation = await findConversation(database.db, tenant.id, from);
    expect(await outboundMessages(database.db, conversation!.id)).toHaveLength(0);
    expect(await database.db.handoff.count({ where: { conversationId: conversation!.id } })).toBe(0);
    const rows = await database.db.message.findMany({ where: { conversationId: conversation!.id }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => [row.type, row.text, row.status])).toEqual([
      ['reaction', '👍', 'processed'],
      ['reaction', null, 'processed'],
    ]);
  });

  it('when a Flow reply and an order arrive, then they are stored with type and content and answered from that content', async () => {
    const from = newWaId();
    await message(from, {
      type: 'interactive',
      interactive: {
        type: 'nfm_reply',
        nfm_reply: { name: 'flow', body: 'Sent', response_json: '{"flow_token":"tok","servico":"corte","data":"2026-12-05"}' },
      },
    });
    await message(from, {
      type: 'order',
      order: {
        catalog_id: '123',
        text: 'para sábado',
        product_items: [{ product_retailer_id: 'escova', quantity: 1, item_price: 50, currency: 'BRL' }],
      },
    });
    await settle();
    const conversation = await findConversation(database.db, tenant.id, from);
    const rows = await database.db.message.findMany({
      where: { conversationId: conversation!.id, direction: 'inbound' },
      orderBy: { id: 'asc' },
    });
    expect(rows.map((row) => row.type)).toEqual(['flow_reply', 'order']);
    expect(rows[0]!.text).toContain('servico: corte');
    expect(rows[0]!.text).not.toContain('tok');
    expect(rows[1]!.text).toContain('escova × 1 (50 BRL)');
    const [reply] = await outboundMessages(database.db, conversation!.id);
    expect(reply!.text).toContain('flow_reply=');
    expect(reply!.text).toContain('order=');
  });

  it('when a captioned image and a reply to an earlier message reach the model, then the caption is marked as such and the quoted message is shown', async () => {
    const from = newWaId();
    const earlier = newWamid();
    await message(from, { id: earlier, type: 'text', text: { body: 'tem horário sábado?' } });
    await settle();
    await message(from, { type: 'image', image: { id: '1', mime_type: 'image/jpeg', caption: 'quero esse corte' } });
    await message(from, { type: 'text', text: { body: 'pode ser às 10h' }, context: { from, id: earlier } });
    await settle();
    const conversation = await findConversation(database.db, tenant.id, from);
    const inbound = await database.db.message.findMany({
      where: { conversationId: conversation!.id, direction: 'inbound' },
      select: { id: true, type: true, text: true, createdAt: true },
    });
    const turn = await buildInboundTurn(
      database.db,
      { tenantId: tenant.id, conversationId: conversation!.id, watermark: 0 },
      inbound.map((row) => ({ ...row, replyId: null })),
    );
    const texts = turn!.content.map((block) => block.text);
    expect(texts).toContain('[Legenda de uma imagem que o cliente enviou; a imagem não consigo ver]: quero esse corte');
    expect(texts).toContain('[Em resposta à mensagem: “tem horário sábado?”] pode ser às 10h');
  });

  it('when the first message came from a click-to-WhatsApp ad, then its referral is kept on the conversation', async () => {
    const from = newWaId();
    const referral = { source_url: 'https://fb.me/abc', source_id: '120200', source_type: 'ad', headline: 'Corte 20% off' };
    await post({ contacts: [contact({ waId: from })], messages: [textMessage({ from, body: 'vi o anúncio', extra: { referral } })] });
    expect((await findConversation(database.db, tenant.id, from))!.referral).toMatchObject(referral);
  });

  it('when Meta reports errors on the value and on a message, then each is logged with its code', async () => {
    const from = newWaId();
    await post({
      errors: [{ code: 131000, title: 'Something went wrong' }],
      contacts: [contact({ waId: from })],
      messages: [
        {
          from,
          id: newWamid(),
          timestamp: nowSeconds(),
          type: 'unsupported',
          errors: [{ code: 131051, title: 'Message type unknown', error_data: { details: 'Message type is not currently supported' } }],
        },
      ],
    });
    const codes = logLines
      .filter((line) => line.msg === 'whatsapp webhook reported errors')
      .flatMap((line) => (line.errors as { code: number }[]).map((error) => error.code));
    expect(codes).toEqual(expect.arrayContaining([131000, 131051]));
    expect(await database.db.message.findFirstOrThrow({ where: { conversation: { customer: { waId: from } } } })).toMatchObject({
      type: 'unsupported',
    });
  });

  it('when a change of another field arrives (template status), then 200 with no warning and nothing stored', async () => {
    const before = logLines.filter((line) => line.level === 40).length;
    await postWebhook(channel.app, {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'message_template_status_update',
              value: { event: 'APPROVED', message_template_id: 1, message_template_name: 'lembrete' },
            },
          ],
        },
      ],
    }).expect(200);
    expect(logLines.filter((line) => line.level === 40)).toHaveLength(before);
  });
});
