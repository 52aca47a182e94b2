import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgentResponder } from '../../src/agent/index.js';
import { claimHandoff } from '../../src/handoff/index.js';
import { createHttpApp, createMetricsRouter } from '../../src/http/index.js';
import { createMetricsRegistry, incrementCounter, METRICS } from '../../src/metrics/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { createRunTracing } from '../../src/telemetry/index.js';
import { testTools } from '../agent/agent-test-kit.js';
import {
  type Channel,
  findConversation,
  isQueueIdle,
  outboundMessages,
  sendTextWebhook,
  startChannel,
  testConfig,
  waitFor,
} from '../conversation/channel-harness.js';
import { installScriptedClaude, type ScriptedClaude, text, toolCalls } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { parsePrometheusText, sumOf } from './prometheus-text.js';

const TOKEN = 'metrics-token-for-tests-1f3c';

describe('GET /metrics and run spans', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let claude: ScriptedClaude;
  const spans = new InMemorySpanExporter();
  beforeAll(async () => {
    database = await testDatabase();
    const tracing = createRunTracing({ serviceName: 'wa-agenda-test', spanProcessor: new SimpleSpanProcessor({ exporter: spans }) });
    channel = await startChannel({ database, tracer: tracing.tracer });
    tenant = await createTestTenant(database.db);
    const config = testConfig({ ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_MAX_RETRIES: '0' });
    channel.useResponder(
      createAgentResponder({
        db: database.db,
        logger: silentLogger,
        clock: { now: () => new Date() },
        config,
        tools: testTools(database.db),
      }),
    );
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    new GraphApiFake().install();
    claude = installScriptedClaude(mswServer);
  });

  const app = (token: string | undefined) =>
    createHttpApp({
      db: database.db,
      logger: silentLogger,
      routers: [createMetricsRouter({ token, registry: createMetricsRegistry(database.db, silentLogger) })],
    });
  const scrape = async () => {
    const response = await request(app(TOKEN)).get('/metrics').set('authorization', `Bearer ${TOKEN}`).expect(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    return parsePrometheusText(response.text);
  };
  const converse = async (from: string, message: string) => {
    await sendTextWebhook(channel.app, tenant.phoneNumberId, from, message);
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await waitFor(
      async () => {
        const rows = await outboundMessages(database.db, conversation.id);
        const run = await database.db.agentRun.findFirst({ where: { conversationId: conversation.id, exit: { not: null } } });
        return run && rows.length > 0 && rows.every((row) => row.status === 'sent') && (await isQueueIdle(database.db));
      },
      { what: 'run finished and replies sent' },
    );
    return conversation;
  };

  it('when METRICS_TOKEN is unset, then /metrics is 404; with a token, a missing or wrong bearer is 401', async () => {
    await request(app(undefined)).get('/metrics').set('authorization', `Bearer ${TOKEN}`).expect(404);
    await request(app(TOKEN)).get('/metrics').expect(401);
    await request(app(TOKEN)).get('/metrics').set('authorization', 'Bearer wrong-token').expect(401);
    await request(app(TOKEN)).get('/metrics').set('authorization', TOKEN).expect(401);
  });

  it('exports every metric family, the reminder counters at 0 until something counts them', async () => {
    const samples = await scrape();
    for (const name of [METRICS.remindersSent, METRICS.remindersConfirmed, METRICS.remindersCancelled])
      expect(sumOf(samples, name)).toBe(0);
    expect(sumOf(samples, METRICS.circuitBreakerOpen, { breaker: 'anthropic' })).toBe(0);
    expect(samples.some((sample) => sample.name === `${METRICS.handoffClaimWaitSeconds}_count`)).toBe(true);
    expect(samples.some((sample) => sample.name === `${METRICS.replyLatencySeconds}_bucket` && sample.labels.le === '+Inf')).toBe(true);
    await incrementCounter(database.db, METRICS.remindersSent, { tenant: tenant.slug });
    expect(sumOf(await scrape(), METRICS.remindersSent, { tenant: tenant.slug })).toBe(1);
  });

  it('when a scripted run answers, a run hands off and an attendant claims, then the counters move and each run has a span', async () => {
    const before = await scrape();
    claude.enqueue(text('Oi! Como posso ajudar?', { usage: { input_tokens: 500, output_tokens: 40 } }));
    await converse(newWaId(), 'oi');

    const afterAnswer = await scrape();
    const runs = (samples: typeof before, exit: string) => sumOf(samples, METRICS.runs, { exit, responder: 'agent' });
    expect(runs(afterAnswer, 'success') - runs(before, 'success')).toBe(1);
    expect(
      sumOf(afterAnswer, METRICS.runs, { exit: 'success', stop_reason: 'end_turn' }) -
        sumOf(before, METRICS.runs, { exit: 'success', stop_reason: 'end_turn' }),
    ).toBe(1);
    const tokens = (samples: typeof before, kind: string) => sumOf(samples, METRICS.modelTokens, { tenant: tenant.slug, kind });
    expect(tokens(afterAnswer, 'input') - tokens(before, 'input')).toBe(500);
    expect(tokens(afterAnswer, 'output') - tokens(before, 'output')).toBe(40);
    expect(sumOf(afterAnswer, `${METRICS.replyLatencySeconds}_count`) - sumOf(before, `${METRICS.replyLatencySeconds}_count`)).toBe(1);

    claude.enqueue(
      toolCalls([{ name: 'transferir_para_humano', input: { motivo: 'quer falar com a dona' } }]),
      text('Claro! Já chamo uma atendente.'),
    );
    const conversation = await converse(newWaId(), 'quero falar com uma pessoa');
    const afterHandoff = await scrape();
    const handoffs = (samples: typeof before) => sumOf(samples, METRICS.handoffs, { reason: 'requested_by_customer' });
    expect(handoffs(afterHandoff) - handoffs(afterAnswer)).toBe(1);
    expect(runs(afterHandoff, 'need_help') - runs(afterAnswer, 'need_help')).toBe(1);
    expect(sumOf(afterHandoff, METRICS.handoffsPending) - sumOf(afterAnswer, METRICS.handoffsPending)).toBe(1);

    const handoff = await database.db.handoff.findFirstOrThrow({ where: { conversationId: conversation.id, status: 'pending' } });
    await claimHandoff(database.db, {
      tenantId: tenant.id,
      handoffId: handoff.id,
      attendant: 'Carla',
      attendantStaffId: null,
      now: new Date(),
    });
    const afterClaim = await scrape();
    const claimed = (samples: typeof before) => sumOf(samples, `${METRICS.handoffClaimWaitSeconds}_count`);
    expect(claimed(afterClaim) - claimed(afterHandoff)).toBe(1);
    expect(
      sumOf(afterClaim, `${METRICS.handoffClaimWaitSeconds}_bucket`, { le: '+Inf' }) -
        sumOf(afterHandoff, `${METRICS.handoffClaimWaitSeconds}_bucket`, { le: '+Inf' }),
    ).toBe(1);
    expect(sumOf(afterClaim, METRICS.handoffsPending)).toBe(sumOf(afterHandoff, METRICS.handoffsPending) - 1);

    const finished = spans.getFinishedSpans().filter((span) => span.name === 'agent.run');
    expect(finished.map((span) => span.attributes.exit)).toEqual(['success', 'need_help']);
    expect(finished[0]?.attributes).toMatchObject({
      'stop.reason': 'end_turn',
      'gen_ai.usage.input_tokens': 500,
      'gen_ai.usage.output_tokens': 40,
      'agent.tool_calls': 0,
    });
    expect(finished[1]?.attributes).toMatchObject({
      'handoff.reason': 'requested_by_customer',
      'agent.tool_calls': 1,
      'agent.tool_names': ['transferir_para_humano'],
    });
  });

  it('when a job waits, a reply fails at Meta, a tool fails and the breaker opens, then their gauges and counters show it', async () => {
    const before = await scrape();
    // A task no worker of this process handles: it stays due and unlocked.
    await database.db.$executeRaw`SELECT graphile_worker.add_job('metrics-probe', '{}'::json, run_at => now() - interval '5 seconds')`;
    const { conversation } = await createTestConversation(database.db, tenant.id);
    await database.db.message.create({
      data: {
        tenantId: tenant.id,
        conversationId: conversation.id,
        direction: 'outbound',
        author: 'bot',
        type: 'text',
        text: 'x',
        status: 'failed',
        errorCode: '131026',
      },
    });
    const run = await database.db.agentRun.create({ data: { tenantId: tenant.id, conversationId: conversation.id, status: 'completed' } });
    await database.db.agentToolCall.create({
      data: {
        runId: run.id,
        tenantId: tenant.id,
        toolUseId: `toolu_metrics_${run.id}`,
        name: 'buscar_horarios',
        input: {},
        isError: true,
        errorClass: 'infrastructure',
      },
    });
    await database.db.circuitBreaker.upsert({
      where: { name: 'anthropic' },
      create: { name: 'anthropic', failures: 5, openedUntil: new Date(Date.now() + 60_000) },
      update: { failures: 5, openedUntil: new Date(Date.now() + 60_000) },
    });
    try {
      const after = await scrape();
      expect(sumOf(after, METRICS.jobsWaiting, { task: 'metrics-probe' })).toBe(1);
      expect(sumOf(after, METRICS.queueLagSeconds, { task: 'metrics-probe' })).toBeGreaterThanOrEqual(4);
      expect(sumOf(after, METRICS.outboundFailures, { code: '131026' }) - sumOf(before, METRICS.outboundFailures, { code: '131026' })).toBe(
        1,
      );
      const toolErrors = (samples: typeof before) =>
        sumOf(samples, METRICS.toolErrors, { tool: 'buscar_horarios', class: 'infrastructure' });
      expect(toolErrors(after) - toolErrors(before)).toBe(1);
      expect(sumOf(after, METRICS.circuitBreakerOpen, { breaker: 'anthropic' })).toBe(1);
    } finally {
      await database.db.circuitBreaker.update({ where: { name: 'anthropic' }, data: { failures: 0, openedUntil: null } });
      await database.db
        .$executeRaw`DELETE FROM graphile_worker._private_jobs WHERE task_id IN (SELECT id FROM graphile_worker._private_tasks WHERE identifier = 'metrics-probe')`;
    }
  });
});
