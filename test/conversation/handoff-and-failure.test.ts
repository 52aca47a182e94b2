import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findOpenHandoff, requestHandoff } from '../../src/handoff/index.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  type Channel,
  FakeResponder,
  fastForwardRetries,
  findConversation,
  isQueueIdle,
  outboundMessages,
  sendTextWebhook,
  startChannel,
  waitFor,
} from './channel-harness.js';

describe('conversation pipeline: handoffs and failures', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let graph: GraphApiFake;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database, config: { JOB_MAX_ATTEMPTS: '3' } });
    tenant = await createTestTenant(database.db);
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    graph = new GraphApiFake().install();
  });

  const sendText = (from: string, text: string) => sendTextWebhook(channel.app, tenant.phoneNumberId, from, text);
  const conversationOf = (from: string) => waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
  const inboundStatuses = async (conversationId: number) =>
    (await database.db.message.findMany({ where: { conversationId, direction: 'inbound' }, orderBy: { id: 'asc' } })).map(
      (row) => row.status,
    );
  const idle = () => waitFor(() => isQueueIdle(database.db), { what: 'queue idle' });

  it('when the responder keeps failing, then the last attempt hands off with processing_failed, apologises once and stops', async () => {
    const failing = new FakeResponder({
      answer: () => {
        throw new Error('Claude API exploded');
      },
    });
    channel.useResponder(failing);
    const from = newWaId();
    await sendText(from, 'oi');
    const conversation = await conversationOf(from);
    await waitFor(
      async () => {
        await fastForwardRetries(database.db);
        return (await findOpenHandoff(database.db, tenant.id, conversation.id)) !== null;
      },
      { what: 'processing_failed handoff', timeoutMs: 15_000 },
    );
    await idle();
    await sleep(300);
    expect(failing.runs).toHaveLength(3);
    expect(await findOpenHandoff(database.db, tenant.id, conversation.id)).toMatchObject({
      status: 'pending',
      reason: 'processing_failed',
    });
    const replies = await outboundMessages(database.db, conversation.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({ author: 'system', status: 'sent' });
    expect(replies[0]!.text).toMatch(/^Desculpe/);
    expect(await inboundStatuses(conversation.id)).toEqual(['processed']);
    // Every attempt resumed the same run row (job key conv:<id>:upto:<last message id>).
    const runs = await database.db.agentRun.findMany({ where: { conversationId: conversation.id } });
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'failed', outcome: 'give_up', exit: 'error' });
    expect(new Set(failing.runs.map((run) => run.input.runId))).toEqual(new Set([runs[0]!.id]));
  });

  it('when a handoff is open, then the bot stays silent and the customer is told once that a person will answer', async () => {
    const responder = new FakeResponder();
    channel.useResponder(responder);
    const from = newWaId();
    await sendText(from, 'oi');
    const conversation = await conversationOf(from);
    await waitFor(async () => (await outboundMessages(database.db, conversation.id)).some((row) => row.status === 'sent'));
    await idle();
    await requestHandoff(database.db, { tenantId: tenant.id, conversationId: conversation.id, reason: 'requested_by_customer' });
    await sendText(from, 'alguém aí?');
    await waitFor(async () => (await inboundStatuses(conversation.id)).every((status) => status === 'processed'));
    await idle();
    await sendText(from, 'olá??');
    await waitFor(async () => (await inboundStatuses(conversation.id)).every((status) => status === 'processed'));
    await idle();
    expect(responder.runs).toHaveLength(1);
    const replies = await outboundMessages(database.db, conversation.id);
    expect(replies.map((row) => row.text)).toEqual(['Recebi: oi', expect.stringMatching(/atendente vai te responder em breve/)]);
    expect((await database.db.conversation.findUniqueOrThrow({ where: { id: conversation.id } })).handoffNoticeSentAt).not.toBeNull();
  });

  it('when an attendant claims the conversation during a run, then the run is cancelled and nothing is sent', async () => {
    const responder = new FakeResponder({ delayMs: 3000 });
    channel.useResponder(responder);
    const from = newWaId();
    await sendText(from, 'quero falar de um problema');
    const conversation = await conversationOf(from);
    await waitFor(() => responder.started.length === 1, { what: 'run started' });
    const handoff = await requestHandoff(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      reason: 'requested_by_customer',
    });
    await database.db.handoff.update({ where: { id: handoff.id }, data: { status: 'claimed', attendant: 'Carla', claimedAt: new Date() } });
    await waitFor(() => responder.runs.length === 1, { what: 'run ended' });
    await idle();
    expect(responder.runs[0]!.signal.aborted).toBe(true);
    expect(responder.runs[0]!.endedAt - responder.runs[0]!.startedAt).toBeLessThan(2500);
    expect(await outboundMessages(database.db, conversation.id)).toHaveLength(0);
    const [run] = await database.db.agentRun.findMany({ where: { conversationId: conversation.id } });
    expect(run).toMatchObject({ status: 'completed', outcome: 'cancelled', exit: 'cancelled' });
    expect(await inboundStatuses(conversation.id)).toEqual(['processed']);
    expect(graph.sends()).toHaveLength(0);
  });

  it('when the responder hands off, then the handoff is opened with its reason and its reply is the only notice', async () => {
    channel.useResponder(
      new FakeResponder({
        answer: () => ({
          kind: 'handoff',
          reason: 'requested_by_customer',
          note: 'cliente pediu uma pessoa',
          replies: [{ type: 'text', text: 'Claro! Vou chamar uma pessoa da equipe para falar com você.' }],
        }),
      }),
    );
    const from = newWaId();
    await sendText(from, 'quero falar com uma pessoa');
    const conversation = await conversationOf(from);
    await waitFor(async () => (await outboundMessages(database.db, conversation.id)).some((row) => row.status === 'sent'));
    await idle();
    await sendText(from, 'obrigada');
    await waitFor(async () => (await inboundStatuses(conversation.id)).every((status) => status === 'processed'));
    await idle();
    const handoff = await database.db.handoff.findFirstOrThrow({ where: { conversationId: conversation.id } });
    expect(handoff).toMatchObject({ reason: 'requested_by_customer', note: 'cliente pediu uma pessoa', status: 'pending' });
    expect(handoff.runId).not.toBeNull();
    const replies = await outboundMessages(database.db, conversation.id);
    expect(replies.map((row) => row.text)).toEqual(['Claro! Vou chamar uma pessoa da equipe para falar com você.']);
    const run = await database.db.agentRun.findUniqueOrThrow({ where: { id: handoff.runId! } });
    expect(run).toMatchObject({
      outcome: 'answer_and_handoff',
      handoffReason: 'requested_by_customer',
      status: 'completed',
      exit: 'need_help',
    });
  });
});
