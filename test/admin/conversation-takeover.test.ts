import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminRouter } from '../../src/admin/index.js';
import { createAgentResponder } from '../../src/agent/index.js';
import { schedulingDepsOf } from '../../src/boot/index.js';
import { requestHandoff } from '../../src/handoff/index.js';
import { createHttpApp } from '../../src/http/index.js';
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
import { installScriptedClaude, text } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId, newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer } from './admin-test-app.js';

describe('POST /admin/conversations/:id/takeover: a person takes a chat the bot is handling', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let other: TestTenant;
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
    other = await createTestTenant(database.db);
  });
  afterAll(async () => channel.stop());

  const customerWrites = (from: string, body: string) =>
    postWebhook(
      channel.app,
      webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: body, messageId: newWamid() }),
    ).expect(200);
  const idle = () => waitFor(() => isQueueIdle(database.db), { what: 'queue idle', timeoutMs: 15_000 });
  const takeover = (conversationId: number, key = tenant.apiKey, body: object = { attendant: 'Carla' }) =>
    request(admin).post(`/admin/conversations/${conversationId}/takeover`).set(bearer(key)).send(body);

  it('when a person takes over, then the bot stays silent until the handoff is resolved, and answers again after', async () => {
    const graph = new GraphApiFake().install();
    const claude = installScriptedClaude(mswServer);
    const from = newWaId();
    claude.enqueue(text('Oi! Temos horário sábado às 10h.'));
    await customerWrites(from, 'Tem horário sábado?');
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await idle();
    expect(graph.acceptedTexts()).toEqual(['Oi! Temos horário sábado às 10h.']);

    const taken = await takeover(conversation.id);
    expect(taken.status).toBe(200);
    expect(taken.body.handoff).toMatchObject({
      conversationId: conversation.id,
      reason: 'staff_takeover',
      status: 'claimed',
      attendant: 'Carla',
    });
    // Already hers: a second takeover is refused, naming who holds it.
    const again = await takeover(conversation.id, tenant.apiKey, { attendant: 'Davi' });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toContain('Carla');

    await customerWrites(from, 'Então pode marcar?');
    await waitFor(
      async () =>
        (await database.db.message.findFirst({
          where: { conversationId: conversation.id, text: 'Então pode marcar?', status: 'processed' },
        })) !== null,
      { what: 'silent turn processed' },
    );
    await idle();
    expect(claude.requests).toHaveLength(1);
    expect(graph.sends()).toHaveLength(1);
    const listed = await request(admin).get('/admin/conversations?handledBy=staff').set(bearer(tenant.apiKey)).expect(200);
    expect(listed.body.items.map((item: { id: number }) => item.id)).toEqual([conversation.id]);

    await request(admin)
      .post(`/admin/handoffs/${taken.body.handoff.id}/resolve`)
      .set(bearer(tenant.apiKey))
      .send({ returnToBot: true })
      .expect(200);
    claude.enqueue(text('Por nada! Qualquer coisa é só chamar.'));
    await customerWrites(from, 'Obrigada');
    await waitFor(() => graph.acceptedTexts().includes('Por nada! Qualquer coisa é só chamar.'), { what: 'bot answers again' });
    await idle();
    expect(claude.requests).toHaveLength(2);
  });

  it('when a person takes over while a turn is running, then the turn is cancelled and nothing is sent', async () => {
    const graph = new GraphApiFake().install();
    const responder = new FakeResponder({ delayMs: 3000 });
    channel.useResponder(responder);
    try {
      const from = newWaId();
      await customerWrites(from, 'Quero remarcar meu horário');
      const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
      await waitFor(() => responder.started.length === 1, { what: 'run started' });
      expect((await takeover(conversation.id)).status).toBe(200);
      await waitFor(() => responder.runs.length === 1, { what: 'run ended' });
      await idle();
      expect(responder.runs[0]?.signal.aborted).toBe(true);
      expect(await outboundMessages(database.db, conversation.id)).toHaveLength(0);
      const [run] = await database.db.agentRun.findMany({ where: { conversationId: conversation.id } });
      expect(run).toMatchObject({ outcome: 'cancelled', exit: 'cancelled' });
      expect(graph.sends()).toHaveLength(0);
    } finally {
      const deps = channel.deps;
      channel.useResponder(createAgentResponder({ db: deps.db, logger: deps.logger, clock: deps.clock, config: deps.config, tools: [] }));
    }
  });

  it('when the chat already waits in the queue, then the takeover claims that handoff and keeps its reason', async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const pending = await requestHandoff(database.db, { tenantId: tenant.id, conversationId: conversation.id, reason: 'complaint' });
    const taken = await takeover(conversation.id);
    expect(taken.status).toBe(200);
    expect(taken.body.handoff).toMatchObject({ id: pending.id, reason: 'complaint', attendant: 'Carla' });
  });

  it('when the conversation is another tenant’s or the API key names nobody, then 404 or 400 and nothing is written', async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    expect((await takeover(conversation.id, other.apiKey)).status).toBe(404);
    expect((await takeover(conversation.id, tenant.apiKey, {})).status).toBe(400);
    expect(await database.db.handoff.count({ where: { conversationId: conversation.id } })).toBe(0);
  });
});
