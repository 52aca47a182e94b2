import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId, newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  type Channel,
  FakeResponder,
  findConversation,
  isQueueIdle,
  outboundMessages,
  postWebhook,
  sendTextWebhook,
  startChannel,
  waitFor,
} from './channel-harness.js';

describe('conversation pipeline (webhook → job → responder → outbox → Graph API)', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let graph: GraphApiFake;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database, concurrency: 4 });
    tenant = await createTestTenant(database.db);
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    graph = new GraphApiFake().install();
  });

  const sendText = (from: string, text: string, messageId?: string) =>
    sendTextWebhook(channel.app, tenant.phoneNumberId, from, text, messageId);
  const settled = async (from: string, replies = 1) => {
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await waitFor(
      async () => {
        const rows = await outboundMessages(database.db, conversation.id);
        return (
          rows.length >= replies &&
          rows.every((row) => row.status !== 'pending' && row.status !== 'sending') &&
          (await isQueueIdle(database.db))
        );
      },
      { what: 'replies sent and queue idle' },
    );
    return conversation;
  };

  it('when the same message is delivered 5 times, also concurrently, then one run answers it with one reply', async () => {
    const responder = new FakeResponder();
    channel.useResponder(responder);
    const from = newWaId();
    const messageId = newWamid();
    await Promise.all(Array.from({ length: 3 }, () => sendText(from, 'oi', messageId)));
    await sendText(from, 'oi', messageId);
    await sendText(from, 'oi', messageId);
    const conversation = await settled(from);
    await sleep(400); // longer than the debounce: a stray second run would show up now
    expect(responder.runs).toHaveLength(1);
    const replies = await outboundMessages(database.db, conversation.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ status: 'sent', author: 'bot', text: 'Recebi: oi' });
    expect(graph.acceptedTexts()).toEqual(['Recebi: oi']);
  });

  it('when three messages arrive within a second, then one run sees all three and sends one reply', async () => {
    const responder = new FakeResponder();
    channel.useResponder(responder);
    const from = newWaId();
    // Each message moves the 300 ms debounce deadline; the gaps stay well inside it even on a
    // busy machine, where a webhook post itself can take a hundred milliseconds or more.
    await sendText(from, 'oi');
    await sleep(30);
    await sendText(from, 'tudo bem?');
    await sleep(30);
    await sendText(from, 'queria marcar');
    const conversation = await settled(from);
    expect(responder.runs).toHaveLength(1);
    expect(responder.runs[0]!.input.messages.map((message) => message.text)).toEqual(['oi', 'tudo bem?', 'queria marcar']);
    expect(await outboundMessages(database.db, conversation.id)).toHaveLength(1);
    const inbound = await database.db.message.findMany({ where: { conversationId: conversation.id, direction: 'inbound' } });
    expect(inbound.every((message) => message.status === 'processed' && message.runId !== null)).toBe(true);
  });

  it('when a run starts, then the last message is marked read with the typing indicator', async () => {
    channel.useResponder(new FakeResponder());
    const from = newWaId();
    const messageId = newWamid();
    await sendText(from, 'bom dia', messageId);
    await settled(from);
    const reads = graph.requests.filter((request) => request.kind === 'read');
    expect(reads).toHaveLength(1);
    expect(reads[0]!.body).toEqual({
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: messageId,
      typing_indicator: { type: 'text' },
    });
    expect(reads[0]!.authorization).toMatch(/^Bearer EAAG-test-/);
  });

  it('when two conversations write at once, then their runs overlap in time', async () => {
    const responder = new FakeResponder({ delayMs: 700 });
    channel.useResponder(responder);
    const [first, second] = [newWaId(), newWaId()];
    await Promise.all([sendText(first, 'oi'), sendText(second, 'olá')]);
    await Promise.all([settled(first), settled(second)]);
    expect(responder.runs).toHaveLength(2);
    const [a, b] = responder.runs as [(typeof responder.runs)[0], (typeof responder.runs)[0]];
    expect(a.startedAt < b.endedAt && b.startedAt < a.endedAt).toBe(true);
  });

  it('when a message arrives while its conversation is being answered, then the next run starts only after the first ended', async () => {
    const responder = new FakeResponder({ delayMs: 900 });
    channel.useResponder(responder);
    const from = newWaId();
    await sendText(from, 'primeira');
    await waitFor(() => responder.started.length === 1, { what: 'first run started' });
    await sendText(from, 'segunda');
    await waitFor(() => responder.runs.length === 2, { what: 'second run', timeoutMs: 15_000 });
    await settled(from, 2);
    const [first, second] = responder.runs as [(typeof responder.runs)[0], (typeof responder.runs)[0]];
    expect(second.startedAt).toBeGreaterThanOrEqual(first.endedAt);
    expect(first.input.messages.map((message) => message.text)).toEqual(['primeira']);
    expect(second.input.messages.map((message) => message.text)).toEqual(['segunda']);
    expect(graph.acceptedTexts()).toEqual(['Recebi: primeira', 'Recebi: segunda']);
  });

  it('when the Graph API answers 500, 500, 200, then the reply is sent exactly once', async () => {
    channel.useResponder(new FakeResponder());
    graph.script(500, 500, 200);
    const from = newWaId();
    await sendText(from, 'oi');
    const conversation = await settled(from);
    expect(graph.sends().map((request) => request.answeredStatus)).toEqual([500, 500, 200]);
    const [reply] = await outboundMessages(database.db, conversation.id);
    expect(reply).toMatchObject({ status: 'sent', attempts: 1 });
    expect(reply!.waMessageId).toMatch(/^wamid\./);
    expect(graph.acceptedTexts()).toEqual(['Recebi: oi']);
  });

  it('when the Graph API answers 400, then it is not retried and the reply is stored failed with Meta error code', async () => {
    channel.useResponder(new FakeResponder());
    graph.script(400);
    const from = newWaId();
    await sendText(from, 'oi');
    const conversation = await settled(from);
    await sleep(200);
    expect(graph.sends()).toHaveLength(1);
    const [reply] = await outboundMessages(database.db, conversation.id);
    expect(reply).toMatchObject({
      status: 'failed',
      errorCode: '131030',
      errorTitle: '(#131030) Recipient phone number not in allowed list',
    });
  });

  it('when image, audio and sticker arrive in a burst, then the customer gets one text-only answer and no run', async () => {
    const responder = new FakeResponder();
    channel.useResponder(responder);
    const from = newWaId();
    for (const fixture of ['image', 'audio', 'sticker'] as const) {
      await postWebhook(channel.app, webhookFixture(fixture, { phoneNumberId: tenant.phoneNumberId, from, caption: null })).expect(200);
    }
    const conversation = await settled(from);
    await sleep(400);
    expect(responder.runs).toHaveLength(0);
    const replies = await outboundMessages(database.db, conversation.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.text).toMatch(/digite/);
    const inbound = await database.db.message.findMany({
      where: { conversationId: conversation.id, direction: 'inbound' },
      orderBy: { id: 'asc' },
    });
    expect(inbound.map((message) => [message.type, message.status])).toEqual([
      ['image', 'processed'],
      ['audio', 'processed'],
      ['sticker', 'processed'],
    ]);
  });

  it('when the customer answers the text-only notice with more media, then a person takes over (unsupported_message)', async () => {
    const responder = new FakeResponder();
    channel.useResponder(responder);
    const from = newWaId();
    const sendMedia = async (fixture: 'image' | 'sticker' | 'audio', count: number) => {
      await postWebhook(channel.app, webhookFixture(fixture, { phoneNumberId: tenant.phoneNumberId, from, caption: null })).expect(200);
      return settled(from, count);
    };
    await sendMedia('image', 1);
    await sendText(from, 'oi');
    await settled(from, 2);
    await sendMedia('sticker', 3);
    const conversation = await sendMedia('audio', 4);
    const replies = await outboundMessages(database.db, conversation.id);
    expect(replies.map((reply) => reply.text)).toEqual([
      expect.stringMatching(/só consigo ler mensagens de texto/),
      'Recebi: oi',
      expect.stringMatching(/só consigo ler mensagens de texto/),
      expect.stringMatching(/chamei uma pessoa/),
    ]);
    const handoff = await database.db.handoff.findFirstOrThrow({ where: { conversationId: conversation.id } });
    expect(handoff).toMatchObject({ reason: 'unsupported_message', status: 'pending' });
    expect(responder.runs).toHaveLength(1);
  });

  it('when the responder answers with a long text and buttons, then long text is split and buttons are sent interactive', async () => {
    const sentence = 'Temos horários livres amanhã de manhã e à tarde com a Ana e a Bia. ';
    const longText = sentence.repeat(80); // ~5 400 characters
    channel.useResponder(
      new FakeResponder({
        answer: () => ({
          kind: 'answer',
          replies: [
            { type: 'text', text: longText },
            {
              type: 'buttons',
              text: 'Confirma o corte amanhã às 10:00?',
              buttons: [
                { id: 'sim', title: 'Sim' },
                { id: 'nao', title: 'Não' },
              ],
            },
          ],
        }),
      }),
    );
    const from = newWaId();
    await sendText(from, 'quero marcar');
    const conversation = await settled(from, 3);
    const replies = await outboundMessages(database.db, conversation.id);
    expect(replies.map((reply) => reply.type)).toEqual(['text', 'text', 'interactive']);
    expect(replies.every((reply) => (reply.text ?? '').length <= 4096)).toBe(true);
    expect(replies[0]!.text!.endsWith('Bia.')).toBe(true);
    expect(`${replies[0]!.text} ${replies[1]!.text}`).toBe(longText.trim());
    const interactive = graph.sends()[2]!.body as { to: string; interactive: { type: string; action: { buttons: unknown[] } } };
    expect(interactive.to).toBe(from);
    expect(interactive.interactive.type).toBe('button');
    expect(interactive.interactive.action.buttons).toEqual([
      { type: 'reply', reply: { id: 'sim', title: 'Sim' } },
      { type: 'reply', reply: { id: 'nao', title: 'Não' } },
    ]);
  });

  it('when a tenant has no access token (sandbox), then replies are marked sent locally and Meta is never called', async () => {
    const sandbox = await createTestTenant(database.db, { accessToken: null });
    channel.useResponder(new FakeResponder());
    const from = newWaId();
    await postWebhook(channel.app, webhookFixture('text', { phoneNumberId: sandbox.phoneNumberId, from, text: 'oi' })).expect(200);
    const conversation = await waitFor(() => findConversation(database.db, sandbox.id, from));
    const reply = await waitFor(async () => (await outboundMessages(database.db, conversation.id)).find((row) => row.status === 'sent'));
    expect(reply.waMessageId).toBe(`sandbox.${reply.id}`);
    expect(graph.requests).toHaveLength(0);
  });
});
