import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTSIDE_WINDOW_NOTE } from '../../src/conversation/index.js';
import { findOpenHandoff } from '../../src/handoff/index.js';
import { bearer, createAdminTestApp } from '../admin/admin-test-app.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  type Channel,
  FakeResponder,
  findConversation,
  isQueueIdle,
  outboundMessages,
  postWebhook,
  startChannel,
  waitFor,
} from './channel-harness.js';

describe('a message delivered after the 24-hour window', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database, responder: new FakeResponder() });
    tenant = await createTestTenant(database.db);
  });
  afterAll(async () => channel.stop());

  it('when it was sent 25 hours ago, then nothing is sent, a person gets an outside_window handoff that says a template is needed, and the run is no success', async () => {
    const graph = new GraphApiFake().install();
    const from = newWaId();
    const sentAt = new Date(Date.now() - 25 * 3600_000);
    await postWebhook(
      channel.app,
      webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: 'Oi, tem horário amanhã?', timestamp: sentAt }),
    ).expect(200);
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    const handoff = await waitFor(() => findOpenHandoff(database.db, tenant.id, conversation.id), { what: 'handoff' });
    await waitFor(() => isQueueIdle(database.db), { what: 'queue idle' });

    expect(handoff).toMatchObject({ status: 'pending', reason: 'outside_window' });
    expect(graph.sends()).toEqual([]);
    expect(await outboundMessages(database.db, conversation.id)).toEqual([]);
    const inbound = await database.db.message.findMany({ where: { conversationId: conversation.id, direction: 'inbound' } });
    expect(inbound.map((message) => message.status)).toEqual(['processed']);
    const runs = await database.db.agentRun.findMany({ where: { conversationId: conversation.id } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'completed', outcome: 'handoff', handoffReason: 'outside_window', exit: 'need_help' });
    // The bot never remembers having said what the customer never got.
    expect(await database.db.agentHistoryEntry.count({ where: { conversationId: conversation.id, role: 'assistant' } })).toBe(0);

    const queue = await request(createAdminTestApp(database.db)).get('/admin/handoffs?status=pending').set(bearer(tenant.apiKey));
    expect(queue.status).toBe(200);
    const item = queue.body.items.find((row: { id: number }) => row.id === handoff.id);
    expect(item).toMatchObject({ reason: 'outside_window', note: OUTSIDE_WINDOW_NOTE });
    expect(item.reasonLabel).toMatch(/24 horas/);
    expect(item.reasonLabel).toMatch(/modelo \(template\)/);
  });

  it('when it was sent an hour ago, then the answer goes out as usual', async () => {
    const graph = new GraphApiFake().install();
    const from = newWaId();
    await postWebhook(
      channel.app,
      webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: 'Oi', timestamp: new Date(Date.now() - 3600_000) }),
    ).expect(200);
    await waitFor(() => graph.acceptedTexts().length > 0, { what: 'a sent reply' });
    expect(graph.acceptedTexts()).toEqual(['Recebi: Oi']);
    const conversation = await findConversation(database.db, tenant.id, from);
    expect(await findOpenHandoff(database.db, tenant.id, conversation!.id)).toBeNull();
  });
});
