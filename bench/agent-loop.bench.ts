/**
 * The agent loop's own cost, with the model out of the picture.
 * 1. Overhead per iteration: a zero-latency scripted Claude served in-process through the
 *    real SDK (`fetch` option) and a no-op tool, against real PostgreSQL. Each run makes
 *    three tool calls and a final answer; an iteration is the time from one model request
 *    to the next (parse the response, run the tool, record it, store history, build and
 *    send the next request). Baseline in the same run: one bare SDK call to the same fake.
 *    Target: median ≤ 5 ms.
 * 2. Request size: a 50-turn conversation with the real scheduling tools (customer asks,
 *    model calls buscar_horarios, answers); bytes of the request that opens turn 50
 *    against turn 5. Target: ≤ 1.5× (the history window is bounded).
 * Uses DATABASE_URL's server (in a throwaway database) when set, else an embedded
 * PostgreSQL in a temporary directory; cleans up after itself.
 */

import { randomBytes } from 'node:crypto';
import os from 'node:os';
import Anthropic from '@anthropic-ai/sdk';
import { z } from 'zod';
import { createAgentResponder } from '../src/agent/index.js';
import { schedulingToolDepsOf } from '../src/boot/index.js';
import { loadConfig } from '../src/config/index.js';
import { commitTurnEnding, endingOfRun, type Responder } from '../src/conversation/index.js';
import { createDb, type Db, inTransaction } from '../src/db/index.js';
import { createSchedulingTools } from '../src/scheduling/tools/index.js';
import { createLogger, defineTool, fixedClock, type Logger } from '../src/shared/index.js';
import { inProcessFetch, ScriptedClaude, text, toolCalls } from '../test/fakes/anthropic.js';
import { createBenchDatabase } from './support/bench-database.js';
import { percentile, round } from './support/samples.js';
import { type BenchTarget, createTargets } from './support/targets.js';

const NOW = '2026-12-01T13:00:00Z';
const OVERHEAD_RUNS = 150;
const WARMUP_RUNS = 20;
const TOOL_CALLS_PER_RUN = 3;
const CONVERSATION_TURNS = 50;

export default async function run(): Promise<BenchTarget[]> {
  const targets = createTargets();
  const logger = createLogger('warn');
  const database = await createBenchDatabase({ prefix: 'wa_bench_agent', serverUrl: process.env.DATABASE_URL, queue: true, logger });
  const db = createDb(database.url, { maxConnections: 4 });
  try {
    const overhead = await measureOverhead(db, logger);
    const sizes = await measureRequestSizes(db, logger);

    console.log(
      `overhead: ${OVERHEAD_RUNS} runs (after ${WARMUP_RUNS} warm-up) × ${TOOL_CALLS_PER_RUN + 1} model calls, zero-latency in-process model, real PostgreSQL`,
    );
    console.table([
      row('baseline: one database round trip (SELECT 1)', overhead.roundTrip),
      row('baseline: one committed INSERT (fsync)', overhead.committedInsert),
      row('baseline: one bare SDK call to the same fake', overhead.bareCall),
      row('loop iteration (request to next request)', overhead.iterations),
      row('whole run ÷ model calls', overhead.perCallOfRun),
    ]);
    const median = percentile(overhead.iterations, 50);
    const ratioTo = (samples: number[]) =>
      `median ${(median / percentile(samples, 50)).toFixed(1)}×, p95 ${(percentile(overhead.iterations, 95) / percentile(samples, 95)).toFixed(1)}×`;
    console.log(
      `ratio iteration / SELECT 1: ${ratioTo(overhead.roundTrip)}; / committed INSERT: ${ratioTo(overhead.committedInsert)}; / bare SDK call: ${ratioTo(overhead.bareCall)}`,
    );
    console.log(
      `CPU of this process per model call (loop + SDK + in-process fake, whole runs): ${overhead.cpuPerCallMs.toFixed(2)} ms; load average during the run: ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
    );
    console.log(`target: median iteration ≤ 5 ms → ${targets.check('median iteration ≤ 5 ms', median <= 5)} (${median.toFixed(2)} ms)`);

    console.log(
      `\nrequest size: ${CONVERSATION_TURNS}-turn conversation with the scheduling tools, AGENT_HISTORY_MAX_MESSAGES=${sizes.windowSize}`,
    );
    console.table(sizes.rows);
    const ratio = sizes.turn50 / sizes.turn5;
    console.log(
      `ratio turn 50 / turn 5: ${ratio.toFixed(2)}× → target ≤ 1.5× ${targets.check('request size turn 50 / turn 5 ≤ 1.5×', ratio <= 1.5)}`,
    );
    return targets.list;
  } finally {
    await db.$disconnect();
    await database.dispose();
  }
}

async function measureOverhead(db: Db, logger: Logger) {
  const fake = new ScriptedClaude();
  const client = new Anthropic({ apiKey: 'sk-ant-bench', maxRetries: 0, fetch: inProcessFetch(fake) });
  const arrivals: number[] = [];
  let callInRun = 0;
  fake.always(() => {
    arrivals.push(performance.now());
    callInRun++;
    if (callInRun <= TOOL_CALLS_PER_RUN) return toolCalls([{ name: 'consultar', input: { passo: callInRun } }]);
    return text('Tudo certo por aqui. Posso ajudar em algo mais?');
  });
  const noop = defineTool({
    name: 'consultar',
    effect: 'read',
    description: 'Ferramenta sem custo.',
    input: z.object({ passo: z.number().int() }),
    handler: async (input) => ({ ok: true, passo: input.passo }),
  });
  const scene = await seedConversation(db);
  const responder = committingAsThePipelineDoes(
    db,
    createAgentResponder({ db, logger, clock: fixedClock(NOW), config: benchConfig(), tools: [noop], client }),
  );

  const iterations: number[] = [];
  const perCallOfRun: number[] = [];
  let cpuMicros = 0;
  for (let index = 0; index < WARMUP_RUNS + OVERHEAD_RUNS; index++) {
    arrivals.length = 0;
    callInRun = 0;
    const input = await startRun(db, scene, `mensagem ${index}`);
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const outcome = await responder.respond(input);
    const elapsed = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    if (index >= WARMUP_RUNS) cpuMicros += cpu.user + cpu.system;
    if (outcome.kind !== 'answer') throw new Error(`run ${index} ended as ${outcome.kind}`);
    if (index < WARMUP_RUNS) continue;
    for (let call = 1; call < arrivals.length; call++) iterations.push((arrivals[call] as number) - (arrivals[call - 1] as number));
    perCallOfRun.push(elapsed / arrivals.length);
  }

  const bareCall: number[] = [];
  fake.always(text('ok'));
  const params = { model: 'claude-sonnet-4-6', max_tokens: 1024, messages: [{ role: 'user' as const, content: 'oi' }] };
  for (let index = 0; index < WARMUP_RUNS + OVERHEAD_RUNS * TOOL_CALLS_PER_RUN; index++) {
    const started = performance.now();
    await client.messages.create(params);
    if (index >= WARMUP_RUNS) bareCall.push(performance.now() - started);
  }
  const roundTrip: number[] = [];
  const committedInsert: number[] = [];
  for (let index = 0; index < WARMUP_RUNS + OVERHEAD_RUNS * TOOL_CALLS_PER_RUN; index++) {
    let started = performance.now();
    await db.$queryRaw`SELECT 1`;
    if (index >= WARMUP_RUNS) roundTrip.push(performance.now() - started);
    started = performance.now();
    await db.agentHistoryEntry.create({
      data: { tenantId: scene.tenantId, conversationId: scene.conversationId, role: 'user', content: [{ type: 'text', text: 'baseline' }] },
    });
    if (index >= WARMUP_RUNS) committedInsert.push(performance.now() - started);
  }
  const cpuPerCallMs = cpuMicros / 1000 / (OVERHEAD_RUNS * (TOOL_CALLS_PER_RUN + 1));
  return { iterations, perCallOfRun, bareCall, roundTrip, committedInsert, cpuPerCallMs };
}

async function measureRequestSizes(db: Db, logger: Logger) {
  const fake = new ScriptedClaude();
  const client = new Anthropic({ apiKey: 'sk-ant-bench', maxRetries: 0, fetch: inProcessFetch(fake) });
  const scene = await seedConversation(db);
  let turn = 0;
  const date = () => `2026-12-${String(2 + (turn % 4)).padStart(2, '0')}`;
  fake.always((request) => {
    const last = request.body.messages.at(-1);
    const answered = Array.isArray(last?.content) && last.content.some((block) => block.type === 'tool_result');
    if (!answered)
      return toolCalls([
        { name: 'buscar_horarios', input: { profissional_id: scene.professionalId, data: date(), servico_id: scene.serviceId } },
      ]);
    return text(`No dia ${date()} a Ana tem horários às 09:00, 10:30 e 14:00. Qual prefere? Posso agendar assim que você confirmar.`);
  });
  const tools = createSchedulingTools(schedulingToolDepsOf({ db, clock: fixedClock(NOW), logger }));
  const config = benchConfig();
  const responder: Responder = committingAsThePipelineDoes(
    db,
    createAgentResponder({ db, logger, clock: fixedClock(NOW), config, tools, client }),
  );
  const sizeAt = new Map<number, number>();
  for (turn = 1; turn <= CONVERSATION_TURNS; turn++) {
    const before = fake.requests.length;
    const input = await startRun(db, scene, `Oi, tem horário com a Ana no dia ${date()}? Prefiro de manhã, se der.`);
    await responder.respond(input);
    sizeAt.set(turn, Buffer.byteLength(fake.requests[before]?.raw ?? ''));
  }
  const turn5 = sizeAt.get(5) ?? Number.NaN;
  const turn50 = sizeAt.get(50) ?? Number.NaN;
  const rows = [1, 5, 10, 20, 30, 40, 50].map((at) => ({
    turn: at,
    'request bytes': sizeAt.get(at),
    'vs turn 5': ((sizeAt.get(at) ?? 0) / turn5).toFixed(2),
  }));
  return { rows, turn5, turn50, windowSize: config.AGENT_HISTORY_MAX_MESSAGES };
}

function benchConfig() {
  return loadConfig({
    NODE_ENV: 'production',
    WHATSAPP_APP_SECRET: 'bench',
    WHATSAPP_VERIFY_TOKEN: 'bench',
    ANTHROPIC_API_KEY: 'sk-ant-bench',
  });
}

interface Scene {
  tenantId: number;
  conversationId: number;
  customerId: number;
  professionalId: number;
  serviceId: number;
}

async function seedConversation(db: Db): Promise<Scene> {
  const suffix = randomBytes(4).toString('hex');
  const tenant = await db.tenant.create({
    data: {
      slug: `bench-${suffix}`,
      name: 'Salão da Ana',
      timezone: 'America/Sao_Paulo',
      phoneNumberId: `99${Date.now()}${suffix}`,
      businessInfo: 'Rua das Flores, 10. Aceitamos Pix e cartão.',
    },
  });
  const service = await db.service.create({ data: { tenantId: tenant.id, key: 'corte', name: 'Corte', durationMinutes: 30 } });
  await db.service.create({ data: { tenantId: tenant.id, key: 'coloracao', name: 'Coloração', durationMinutes: 90 } });
  const professional = await db.professional.create({
    data: {
      tenantId: tenant.id,
      key: 'ana',
      name: 'Ana',
      services: { create: [{ serviceId: service.id }] },
      workingHours: {
        create: [1, 2, 3, 4, 5, 6].flatMap((weekday) => [
          { weekday, startMinute: 540, endMinute: 720 },
          { weekday, startMinute: 780, endMinute: 1080 },
        ]),
      },
    },
  });
  const customer = await db.customer.create({ data: { tenantId: tenant.id, waId: `5511${Date.now()}`.slice(0, 13), name: 'Maria' } });
  const conversation = await db.conversation.create({
    data: { tenantId: tenant.id, customerId: customer.id, lastInboundAt: new Date(NOW) },
  });
  return {
    tenantId: tenant.id,
    conversationId: conversation.id,
    customerId: customer.id,
    professionalId: professional.id,
    serviceId: service.id,
  };
}

/**
 * The agent as the conversation job runs it: its outcome (replies, final history entry, run
 * columns) committed by the turn's commit, so later turns see the same history and each run
 * pays for its ending as in production.
 */
function committingAsThePipelineDoes(db: Db, agent: Responder): Responder {
  return {
    name: agent.name,
    async respond(input) {
      const outcome = await agent.respond(input);
      const scope = {
        tenantId: input.tenantId,
        conversationId: input.conversationId,
        messageIds: input.messages.map((message) => message.id),
      };
      await inTransaction(db, (tx) => commitTurnEnding(tx, scope, endingOfRun({ id: input.runId }, outcome)));
      return outcome;
    },
  };
}

async function startRun(db: Db, scene: Scene, textBody: string) {
  const message = await db.message.create({
    data: {
      tenantId: scene.tenantId,
      conversationId: scene.conversationId,
      direction: 'inbound',
      author: 'customer',
      type: 'text',
      text: textBody,
      status: 'received',
    },
  });
  const agentRun = await db.agentRun.create({ data: { tenantId: scene.tenantId, conversationId: scene.conversationId } });
  return {
    tenantId: scene.tenantId,
    conversationId: scene.conversationId,
    customerId: scene.customerId,
    runId: agentRun.id,
    messages: [{ id: message.id, type: 'text', text: textBody, createdAt: message.createdAt }],
    signal: new AbortController().signal,
  };
}

const row = (name: string, samples: number[]) => ({
  measure: name,
  samples: samples.length,
  'median ms': round(percentile(samples, 50)),
  'p95 ms': round(percentile(samples, 95)),
});
