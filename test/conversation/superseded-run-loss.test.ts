import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgentResponder } from '../../src/agent/index.js';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import { loadConfig } from '../../src/config/index.js';
import type { Responder } from '../../src/conversation/index.js';
import { createOfflineAssistant } from '../../src/offline-assistant/index.js';
import { createSchedulingToolSet, createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { silentLogger, systemClock } from '../../src/shared/index.js';
import { installScriptedClaude, text } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { type Channel, isQueueIdle, outboundMessages, sendTextWebhook, startChannel, waitFor } from './channel-harness.js';

/**
 * The loss issue 11 reproduced: the first run's outbox insert fails once (a trigger), the
 * customer writes again 1.5 s later, before the job's retry. Before, the run had already
 * stored its answer (agent history, offline menu state) in an earlier transaction, so the
 * superseding run took it as said while it was never queued. Now the answer, its memory and
 * the outbox are one commit: either the customer gets what the responder remembers, or
 * neither exists and the next run answers every message.
 */
describe('a failed outbox insert followed by a second message (superseded run)', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let graph: GraphApiFake;
  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database, concurrency: 2 });
    tenant = await createTestTenant(database.db);
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    graph = new GraphApiFake().install();
  });

  /** A customer whose first outbound insert fails once, with a database error, as an outage would. */
  async function customerWithFailingOutbox() {
    const waId = newWaId();
    const { conversation } = await createTestConversation(database.db, tenant.id, { waId });
    const sequence = `fail_outbox_${conversation.id}`;
    // A sequence is not transactional: the failed insert's rollback does not undo the count.
    await database.db.$executeRawUnsafe(`CREATE SEQUENCE ${sequence}`);
    await database.db.$executeRawUnsafe(`
      CREATE OR REPLACE FUNCTION ${sequence}() RETURNS trigger AS $$
      BEGIN
        IF nextval('${sequence}') = 1 THEN RAISE EXCEPTION 'simulated outbox failure'; END IF;
        RETURN NEW;
      END $$ LANGUAGE plpgsql`);
    await database.db.$executeRawUnsafe(
      `CREATE TRIGGER ${sequence} BEFORE INSERT ON messages FOR EACH ROW
       WHEN (NEW.direction = 'outbound' AND NEW.conversation_id = ${conversation.id}) EXECUTE FUNCTION ${sequence}()`,
    );
    const failures = async () =>
      Number((await database.db.$queryRawUnsafe<{ n: bigint }[]>(`SELECT last_value AS n FROM ${sequence}`))[0]?.n);
    return { waId, conversationId: conversation.id, failures };
  }

  const say = (waId: string, words: string) => sendTextWebhook(channel.app, tenant.phoneNumberId, waId, words);

  async function settle(conversationId: number) {
    await waitFor(
      async () => {
        const rows = await outboundMessages(database.db, conversationId);
        const inbound = await database.db.message.count({ where: { conversationId, direction: 'inbound', status: 'received' } });
        return rows.length > 0 && inbound === 0 && rows.every((row) => row.status === 'sent') && (await isQueueIdle(database.db));
      },
      { what: 'every message answered and sent', timeoutMs: 20_000 },
    );
  }

  function useAgent(): void {
    const config = loadConfig({ NODE_ENV: 'test', ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_MAX_RETRIES: '0' });
    const tools = createSchedulingTools(schedulingToolDepsOf({ db: database.db, clock: systemClock, logger: silentLogger }));
    channel.useResponder(createAgentResponder({ db: database.db, logger: silentLogger, clock: systemClock, config, tools }));
  }

  it('when the agent answered, then what it remembers saying is what the customer got, exactly once, and the second run answered both messages', async () => {
    const claude = installScriptedClaude(mswServer);
    claude.enqueue(text('Olá! Em que posso ajudar?'), text('Claro! Temos Corte e Coloração. Qual você prefere?'));
    useAgent();
    const customer = await customerWithFailingOutbox();

    await say(customer.waId, 'oi');
    await waitFor(async () => (await customer.failures()) >= 1, { what: 'the first outbox insert to fail' });
    // Nothing of the failed turn is remembered: no answer in the model's history, no run ending.
    const history = await database.db.agentHistoryEntry.findMany({ where: { conversationId: customer.conversationId, role: 'assistant' } });
    expect(history).toEqual([]);
    await sleep(1500);
    await say(customer.waId, 'quais serviços vocês têm?');
    await settle(customer.conversationId);

    const outbound = await outboundMessages(database.db, customer.conversationId);
    const remembered = await database.db.agentHistoryEntry.findMany({
      where: { conversationId: customer.conversationId, role: 'assistant' },
      orderBy: { id: 'asc' },
    });
    const rememberedTexts = remembered.map((entry) => (entry.content as { text: string }[]).map((block) => block.text).join(''));
    // Every answer the model believes it gave was delivered, once each, and nothing else was.
    expect(outbound.map((row) => row.text)).toEqual(rememberedTexts);
    expect(graph.acceptedTexts()).toEqual(rememberedTexts);
    // The answer went out after the second message: the run that sent it saw both.
    const lastRequest = claude.requests.at(-1)?.raw ?? '';
    expect(lastRequest).toContain('oi');
    expect(lastRequest).toContain('quais serviços vocês têm?');
    const runs = await database.db.agentRun.findMany({ where: { conversationId: customer.conversationId }, orderBy: { id: 'asc' } });
    expect(runs.map((run) => run.outcome)).toEqual(['superseded', 'answer']);
    expect(outbound.every((row) => row.runId === runs[1]?.id)).toBe(true);
  });

  it('when the offline assistant answered, then its menu state matches what the customer got, exactly once', async () => {
    const tools = createSchedulingToolSet(schedulingToolDepsOf({ db: database.db, clock: systemClock, logger: silentLogger }));
    const offline: Responder = createOfflineAssistant({ db: database.db, clock: systemClock, logger: silentLogger, tools });
    channel.useResponder(offline);
    const customer = await customerWithFailingOutbox();

    await say(customer.waId, 'oi');
    await waitFor(async () => (await customer.failures()) >= 1, { what: 'the first outbox insert to fail' });
    // The menu state was not saved without its replies.
    const afterFailure = await database.db.conversation.findUniqueOrThrow({ where: { id: customer.conversationId } });
    expect(afterFailure.assistantState).toBeNull();
    await sleep(1500);
    await say(customer.waId, 'agendar');
    await settle(customer.conversationId);

    const outbound = await outboundMessages(database.db, customer.conversationId);
    const conversation = await database.db.conversation.findUniqueOrThrow({ where: { id: customer.conversationId } });
    const state = conversation.assistantState as { current: { step: string }; lastTurn: { replies: { text: string }[] } };
    // The screen the state says was shown is the one delivered, once: the list of services after "agendar".
    expect(outbound.map((row) => row.text)).toEqual(state.lastTurn.replies.map((reply) => reply.text));
    expect(graph.acceptedTexts()).toHaveLength(outbound.length);
    expect(state.current.step).toBe('choose_service');
    const runs = await database.db.agentRun.findMany({ where: { conversationId: customer.conversationId }, orderBy: { id: 'asc' } });
    expect(runs.map((run) => run.outcome)).toEqual(['superseded', 'answer']);
  });
});
