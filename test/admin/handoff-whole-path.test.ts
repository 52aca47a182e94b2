import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminRouter } from '../../src/admin/index.js';
import { createAgentResponder } from '../../src/agent/index.js';
import { schedulingDepsOf } from '../../src/boot/index.js';
import { requestHandoff } from '../../src/handoff/index.js';
import { createHttpApp } from '../../src/http/index.js';
import {
  type Channel,
  findConversation,
  isQueueIdle,
  outboundMessages,
  postWebhook,
  startChannel,
  waitFor,
} from '../conversation/channel-harness.js';
import { installScriptedClaude, type ScriptedClaude, text, toolCalls } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId, newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer } from './admin-test-app.js';

/**
 * The handoff end to end: signed webhooks in, the conversation job with the real Claude agent
 * (the scripted Messages API fake) and the real send job (Graph API faked with msw), and the
 * admin API as attendants use it.
 */
describe('handoff end to end: agent, queue, attendant, back to the bot', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let admin: ReturnType<typeof createHttpApp>;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database, config: { ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_MAX_RETRIES: '0' } });
    const deps = channel.deps;
    channel.useResponder(createAgentResponder({ db: deps.db, logger: deps.logger, clock: deps.clock, config: deps.config, tools: [] }));
    admin = createHttpApp({
      db: deps.db,
      logger: deps.logger,
      routers: [createAdminRouter({ ...deps, scheduling: schedulingDepsOf(deps.db) })],
    });
    tenant = await createTestTenant(database.db);
  });
  afterAll(async () => channel.stop());

  const customerWrites = (from: string, body: string) =>
    postWebhook(
      channel.app,
      webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: body, messageId: newWamid() }),
    ).expect(200);
  const idle = () => waitFor(() => isQueueIdle(database.db), { what: 'queue idle', timeoutMs: 15_000 });
  /** The text of every user turn sent to Claude in a request, flattened. */
  const userTexts = (claude: ScriptedClaude, index: number) =>
    (claude.requests[index]?.body.messages ?? [])
      .filter((message) => message.role === 'user')
      .flatMap((message) =>
        typeof message.content === 'string'
          ? [message.content]
          : message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])),
      );

  it('when a run hands off, then the queue lists it, a claim silences the bot, the attendant’s reply goes out on WhatsApp, and after resolve the bot answers knowing what the attendant said', async () => {
    const graph = new GraphApiFake().install();
    const claude = installScriptedClaude(mswServer);
    const from = newWaId();
    const attendantReply = 'Oi, aqui é a Carla! Reservei sábado às 10h com a Ana para a coloração da sua mãe.';

    // 1. The model transfers to a person; the run ends as a handoff with a goodbye.
    claude.enqueue(toolCalls([{ name: 'transferir_para_humano', input: { motivo: 'quer agendar para a mãe, que não tem WhatsApp' } }]));
    claude.enqueue(text('Certo! Vou te passar para uma atendente, ela já te responde por aqui.'));
    await customerWrites(from, 'Quero marcar uma coloração para minha mãe, ela não tem WhatsApp. Posso falar com alguém?');
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await idle();
    expect(claude.requests).toHaveLength(2);
    expect(graph.acceptedTexts()).toEqual(['Certo! Vou te passar para uma atendente, ela já te responde por aqui.']);

    // 2. The queue lists it.
    const queue = await request(admin).get('/admin/handoffs?status=pending').set(bearer(tenant.apiKey)).expect(200);
    expect(queue.body.items).toHaveLength(1);
    const listed = queue.body.items[0];
    expect(listed).toMatchObject({
      conversationId: conversation.id,
      reason: 'requested_by_customer',
      note: 'quer agendar para a mãe, que não tem WhatsApp',
      status: 'pending',
    });
    expect(listed.customer.phone).toBe(`+${from}`);

    // 3. An attendant claims it.
    await request(admin).post(`/admin/handoffs/${listed.id}/claim`).set(bearer(tenant.apiKey)).send({ attendant: 'Carla' }).expect(200);

    // 4. The customer writes; the bot stays silent (no model call, nothing sent), the message is kept for the attendant.
    await customerWrites(from, 'Oi? Alguém aí?');
    await waitFor(
      async () =>
        (await database.db.message.findFirst({
          where: { conversationId: conversation.id, text: 'Oi? Alguém aí?', status: 'processed' },
        })) !== null,
      { what: 'silent turn processed' },
    );
    await idle();
    expect(claude.requests).toHaveLength(2);
    expect(graph.sends()).toHaveLength(1);
    const seen = await request(admin).get(`/admin/conversations/${conversation.id}`).set(bearer(tenant.apiKey)).expect(200);
    expect(seen.body.messages.at(-1)).toMatchObject({ direction: 'inbound', author: 'customer', text: 'Oi? Alguém aí?' });
    expect(seen.body.openHandoff).toMatchObject({ id: listed.id, status: 'claimed', attendant: 'Carla' });

    // 5. The attendant replies: stored as hers and sent on WhatsApp.
    const sent = await request(admin)
      .post(`/admin/conversations/${conversation.id}/messages`)
      .set(bearer(tenant.apiKey))
      .send({ text: attendantReply })
      .expect(202);
    expect(sent.body.messages[0]).toMatchObject({ author: 'attendant', attendant: 'Carla', status: 'pending' });
    await idle();
    expect(graph.acceptedTexts().at(-1)).toBe(attendantReply);
    expect(graph.sends().at(-1)?.body).toMatchObject({ messaging_product: 'whatsapp', to: from, type: 'text' });
    const afterSend = await request(admin).get(`/admin/conversations/${conversation.id}`).set(bearer(tenant.apiKey)).expect(200);
    expect(afterSend.body.messages.at(-1)).toMatchObject({ author: 'attendant', attendant: 'Carla', text: attendantReply, status: 'sent' });

    // 6. She resolves it: the bot is back.
    await request(admin).post(`/admin/handoffs/${listed.id}/resolve`).set(bearer(tenant.apiKey)).send({ returnToBot: true }).expect(200);

    // 7. The customer writes; the bot answers, and Claude was given the attendant's message.
    claude.enqueue(text('Por nada! Qualquer coisa é só chamar.'));
    await customerWrites(from, 'Obrigada, Carla!');
    await waitFor(() => graph.acceptedTexts().includes('Por nada! Qualquer coisa é só chamar.'), { what: 'bot answer sent' });
    expect(claude.requests).toHaveLength(3);
    const given = userTexts(claude, 2).join('\n');
    expect(given).toContain(attendantReply);
    expect(given).toContain('Carla');
    expect(given).toContain('Obrigada, Carla!');
    // The fake accepts the message a moment before the sender records it as sent: wait until
    // no reply is still queued or being sent.
    const replies = await waitFor(
      async () => {
        const messages = await outboundMessages(database.db, conversation.id);
        return messages.every((message) => message.status !== 'sending' && message.status !== 'pending') ? messages : undefined;
      },
      { what: 'the replies recorded as sent' },
    );
    expect(replies.map((reply) => [reply.author, reply.status])).toEqual([
      ['bot', 'sent'],
      ['attendant', 'sent'],
      ['bot', 'sent'],
    ]);
  });

  it('when an attendant claims while the agent is waiting on Claude, then the run is cancelled and its answer is never sent', async () => {
    const graph = new GraphApiFake().install();
    const claude = installScriptedClaude(mswServer);
    const from = newWaId();
    // A run in flight with no handoff yet: Claude takes 1.5 s to answer.
    claude.enqueue({ ...text('Esta resposta não pode sair.'), delayMs: 1500 });
    await customerWrites(from, 'Vocês abrem no feriado?');
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await waitFor(() => claude.requests.length === 1, { what: 'model call in flight' });

    // Meanwhile the conversation lands in the queue (as another trigger would put it) and an attendant claims it.
    const handoff = await requestHandoff(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      reason: 'requested_by_customer',
    });
    await request(admin).post(`/admin/handoffs/${handoff.id}/claim`).set(bearer(tenant.apiKey)).send({ attendant: 'Davi' }).expect(200);

    const run = await waitFor(
      () => database.db.agentRun.findFirst({ where: { conversationId: conversation.id, status: { not: 'running' } } }),
      { what: 'run finished', timeoutMs: 10_000 },
    );
    await idle();
    expect(run.outcome).toBe('cancelled');
    expect(graph.acceptedTexts()).not.toContain('Esta resposta não pode sair.');
    expect(await outboundMessages(database.db, conversation.id)).toEqual([]);
  });
});
