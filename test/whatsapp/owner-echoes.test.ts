import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildInboundTurn } from '../../src/agent/build-inbound-turn.js';
import { resolveHandoff } from '../../src/handoff/index.js';
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
} from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { changeBody, contact, newBsuid, nowSeconds } from '../fixtures/whatsapp/build-webhook.js';
import { newWaId, newWamid } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the owner answers from the WhatsApp Business app (smb_message_echoes)', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  const responder = new FakeResponder();
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database, responder });
    tenant = await createTestTenant(database.db, { accessToken: null });
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    new GraphApiFake().install();
  });

  /** An echo body as Meta documents it: the business number in `from`, the customer in `to` (and `to_user_id`). */
  const echo = (to: string, body: string, options: { id?: string; userId?: string } = {}) =>
    changeBody(
      tenant.phoneNumberId,
      {
        contacts: [contact({ waId: to, ...(options.userId ? { userId: options.userId } : {}) })],
        message_echoes: [
          {
            from: '5511933334444',
            to,
            ...(options.userId ? { to_user_id: options.userId } : {}),
            id: options.id ?? newWamid(),
            timestamp: nowSeconds(),
            type: 'text',
            text: { body },
          },
        ],
      },
      'smb_message_echoes',
    );
  const settled = async (conversationId: number, replies: number) => {
    await sleep(500);
    return waitFor(
      async () => {
        const rows = await outboundMessages(database.db, conversationId);
        return rows.length >= replies && (await isQueueIdle(database.db)) ? rows : null;
      },
      { what: `${replies} outbound rows` },
    );
  };

  it('when the owner writes, then the echo is stored as the business message, the bot is silent on the next customer message, the history shows the owner; after resolve the bot answers again', async () => {
    const from = newWaId();
    await sendTextWebhook(channel.app, tenant.phoneNumberId, from, 'Oi, queria marcar um corte');
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await settled(conversation.id, 1);
    const runsBefore = responder.runs.length;

    const echoId = newWamid();
    await postWebhook(channel.app, echo(from, 'Oi Maria! Aqui é a Ana, tenho sábado às 10h.', { id: echoId })).expect(200);
    const stored = await database.db.message.findUniqueOrThrow({ where: { waMessageId: echoId } });
    expect(stored).toMatchObject({
      conversationId: conversation.id,
      direction: 'outbound',
      author: 'attendant',
      attendant: 'WhatsApp app',
      status: 'sent',
      text: 'Oi Maria! Aqui é a Ana, tenho sábado às 10h.',
    });
    const handoff = await database.db.handoff.findFirstOrThrow({ where: { conversationId: conversation.id } });
    expect(handoff).toMatchObject({ reason: 'owner_replied', status: 'claimed', attendant: 'WhatsApp app' });

    // the redelivered echo is not stored twice
    await postWebhook(channel.app, echo(from, 'Oi Maria! Aqui é a Ana, tenho sábado às 10h.', { id: echoId })).expect(200);
    expect(await database.db.message.count({ where: { waMessageId: echoId } })).toBe(1);

    await sendTextWebhook(channel.app, tenant.phoneNumberId, from, 'Pode ser, obrigada!');
    const rows = await settled(conversation.id, 2);
    expect(responder.runs.length).toBe(runsBefore);
    expect(rows.map((row) => row.author)).toEqual(['bot', 'attendant']); // no bot reply, no "an attendant will answer" notice

    await resolveHandoff(database.db, { tenantId: tenant.id, handoffId: handoff.id, now: new Date(), returnToBot: true });
    await sendTextWebhook(channel.app, tenant.phoneNumberId, from, 'E quanto custa?');
    const after = await settled(conversation.id, 3);
    expect(after.at(-1)).toMatchObject({ author: 'bot' });
    expect(responder.runs.length).toBe(runsBefore + 1);

    const inbound = await database.db.message.findMany({ where: { conversationId: conversation.id, direction: 'inbound' } });
    const turn = await buildInboundTurn(
      database.db,
      { tenantId: tenant.id, conversationId: conversation.id, watermark: 0 },
      inbound.map((row) => ({ id: row.id, type: row.type, text: row.text, replyId: null, createdAt: row.createdAt })),
    );
    expect(turn!.content.map((block) => block.text)).toContain(
      '[Mensagem do dono do negócio ao cliente, pelo aplicativo WhatsApp Business]: Oi Maria! Aqui é a Ana, tenho sábado às 10h.',
    );
  });

  it("when the owner has been quiet for the tenant's pause, then the bot answers the next customer message", async () => {
    const quiet = await createTestTenant(database.db, { accessToken: null });
    await database.db.tenant.update({ where: { id: quiet.id }, data: { ownerReplyPauseMinutes: 30 } });
    const from = newWaId();
    const bsuid = newBsuid();
    await postWebhook(
      channel.app,
      changeBody(
        quiet.phoneNumberId,
        {
          contacts: [contact({ waId: from, userId: bsuid })],
          message_echoes: [
            {
              from: '5511933334444',
              to: from,
              to_user_id: bsuid,
              id: newWamid(),
              timestamp: nowSeconds(),
              type: 'text',
              text: { body: 'Bom dia!' },
            },
          ],
        },
        'smb_message_echoes',
      ),
    ).expect(200);
    const conversation = await waitFor(() => findConversation(database.db, quiet.id, from), { what: 'conversation' });
    expect(await database.db.customer.findUniqueOrThrow({ where: { id: conversation.customerId } })).toMatchObject({ waId: from, bsuid });
    // 31 minutes later
    await database.db
      .$executeRaw`UPDATE handoffs SET claimed_at = claimed_at - interval '31 minutes' WHERE conversation_id = ${conversation.id}`;
    await database.db
      .$executeRaw`UPDATE messages SET created_at = created_at - interval '31 minutes' WHERE conversation_id = ${conversation.id}`;
    const runsBefore = responder.runs.length;
    await sendTextWebhook(channel.app, quiet.phoneNumberId, from, 'Oi, ainda tem horário?');
    const rows = await settled(conversation.id, 2);
    expect(rows.at(-1)).toMatchObject({ author: 'bot' });
    expect(responder.runs.length).toBe(runsBefore + 1);
    expect(await database.db.handoff.findFirstOrThrow({ where: { conversationId: conversation.id } })).toMatchObject({
      status: 'resolved',
    });
  });
});
