import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import type Anthropic from '@anthropic-ai/sdk';
import { createAgentResponder } from '../../src/agent/index.js';
import { schedulingDepsOf, schedulingToolDepsOf } from '../../src/boot/index.js';
import type { Config } from '../../src/config/index.js';
import { processConversation, type RunExit } from '../../src/conversation/index.js';
import { keyringFromConfig } from '../../src/credentials/index.js';
import type { Db } from '../../src/db/index.js';
import { createGraphApiClient } from '../../src/graph/index.js';
import { claimHandoff, requestHandoff } from '../../src/handoff/index.js';
import { bookAppointment, botActor, customerPolicy } from '../../src/scheduling/appointments/index.js';
import { createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { fixedClock, type Logger, localDateTimeOf, type ToolDefinition } from '../../src/shared/index.js';
import { importTenant } from '../../src/tenant/index.js';
import { createScenarioModel, type RecordedReply, type Recording } from './scenario-model.js';
import type { ExpectedAppointment, Scenario } from './scenario-schema.js';

export interface ScenarioResult {
  name: string;
  source: 'scripted' | 'replay' | 'live';
  expectedExit: RunExit;
  exit: RunExit | null;
  stopReason: string | null;
  handoffReason: string | null;
  /** the customer's booked appointments afterwards */
  appointments: ExpectedAppointment[];
  effectMatches: boolean;
  /** what the customer was sent, in order */
  replies: string[];
  replyProblems: string[];
  /** script steps or recorded replies the run did not use */
  unusedSteps: number;
  /** the run ended `success` but the expected exit or the database effect says otherwise */
  falseSuccess: boolean;
  ok: boolean;
  recorded: RecordedReply[];
}

let sequence = 0;

/**
 * Plays one scenario end to end on a real database: imports its tenant (a fresh slug and
 * number per run), seeds the customer's appointments, then sends each turn's message
 * through the same conversation job production runs (responder, claims check, receipts,
 * outbox, run exit), and compares the last run's exit and the customer's appointments with
 * what the scenario expects. A run that ends `success` when the scenario expects another
 * exit, or whose database effect differs, is a false success.
 */
export async function runScenario(
  db: Db,
  scenario: Scenario,
  options: { config: Config; logger: Logger; tenantsDir: URL; live?: Anthropic; recording?: Recording },
): Promise<ScenarioResult> {
  const suffix = `${process.pid}${Date.now() % 100_000}${++sequence}`;
  const file = JSON.parse(readFileSync(new URL(scenario.tenant, options.tenantsDir), 'utf8')) as {
    slug: string;
    whatsapp: Record<string, unknown>;
  };
  const imported = await importTenant(
    db,
    { ...file, slug: `${file.slug}-${suffix}`, whatsapp: { ...file.whatsapp, phoneNumberId: `9${suffix}` } },
    { keyring: keyringFromConfig(options.config) },
  );
  if (imported.kind !== 'imported') throw new Error(`scenario ${scenario.name}: tenant refused: ${imported.problems.join('; ')}`);
  const tenantId = imported.tenantId;
  const clock = fixedClock(scenario.now);
  const ids = await catalogIds(db, tenantId);
  const customer = await db.customer.create({ data: { tenantId, waId: `55119${suffix}`.slice(0, 15), name: 'Cliente Eval' } });
  const conversation = await db.conversation.create({ data: { tenantId, customerId: customer.id, lastInboundAt: new Date() } });
  const existing: number[] = [];
  for (const [index, appointment] of scenario.existingAppointments.entries()) {
    const outcome = await bookAppointment(schedulingDepsOf(db), {
      tenantId,
      customer: { id: customer.id },
      professionalId: ids.professional(appointment.professional),
      serviceId: ids.service(appointment.service),
      start: appointment.start,
      idempotencyKey: `eval:${suffix}:seed:${index}`,
      now: clock.now(),
      policy: customerPolicy(botActor(null)),
    });
    if (outcome.kind === 'refused')
      throw new Error(`scenario ${scenario.name}: seed appointment ${index} refused: ${outcome.refusal.kind}`);
    existing.push(outcome.appointment.id);
  }

  const baseTools = createSchedulingTools(schedulingToolDepsOf({ db, clock, logger: options.logger }));
  const tools: ToolDefinition[] = baseTools.map((tool) =>
    tool.name in scenario.toolOverrides ? { ...tool, handler: async () => scenario.toolOverrides[tool.name] } : tool,
  );
  const model = createScenarioModel({
    live: options.live,
    recording: options.recording,
    script: scenario.script,
    resolve: (input, lastResults) => resolvePlaceholders(input, { ids, existing, lastResults }),
    beforeStep: async (index) => {
      if (scenario.claimBeforeStep !== index) return;
      const handoff = await requestHandoff(db, { tenantId, conversationId: conversation.id, reason: 'requested_by_customer' });
      await claimHandoff(db, { tenantId, handoffId: handoff.id, attendant: 'Atendente Eval', attendantStaffId: null, now: new Date() });
      // Long enough for the run's claim poll (every 20 ms) to notice before the model answers.
      await sleep(150);
    },
  });
  const config = { ...options.config, ...parseSettings(scenario.settings) } as Config;
  const responder = createAgentResponder({ db, logger: options.logger, clock, config, tools, client: model.client });
  const graph = createGraphApiClient({ baseUrl: 'https://graph.invalid', version: 'v23.0', maxRetries: 0, logger: options.logger });

  for (const [index, text] of scenario.turns.entries()) {
    await db.message.create({
      data: {
        tenantId,
        conversationId: conversation.id,
        direction: 'inbound',
        author: 'customer',
        type: 'text',
        text,
        status: 'received',
        waMessageId: `wamid.eval.${suffix}.${index}`,
      },
    });
    await processConversation(
      { db, scheduling: schedulingDepsOf(db), logger: options.logger, graph, chooseResponder: async () => responder, claimPollMs: 20 },
      conversation.id,
      {
        attempt: 1,
        maxAttempts: 1,
      },
    );
  }

  const run = await db.agentRun.findFirst({
    where: { tenantId, conversationId: conversation.id },
    orderBy: { id: 'desc' },
    select: { exit: true, stopReason: true, handoffReason: true },
  });
  const rows = await db.appointment.findMany({
    where: { tenantId, customerId: customer.id, status: 'booked' },
    select: {
      startsAt: true,
      service: { select: { name: true } },
      professional: { select: { name: true } },
      tenant: { select: { timezone: true } },
    },
  });
  const appointments = rows.map((row) => ({
    service: row.service.name,
    professional: row.professional.name,
    start: localDateTimeOf(row.startsAt.getTime(), row.tenant.timezone),
  }));
  const replies = (
    await db.message.findMany({
      where: { conversationId: conversation.id, direction: 'outbound' },
      orderBy: { id: 'asc' },
      select: { text: true },
    })
  ).map((row) => row.text ?? '');
  const all = replies.join('\n');
  const replyProblems = [
    ...scenario.expect.repliesInclude.filter((part) => !all.includes(part)).map((part) => `missing "${part}"`),
    ...scenario.expect.repliesExclude.filter((part) => all.includes(part)).map((part) => `sent "${part}"`),
  ];
  const exit = (run?.exit ?? null) as RunExit | null;
  const effectMatches = sameAppointments(appointments, scenario.expect.appointments);
  const falseSuccess = exit === 'success' && (scenario.expect.exit !== 'success' || !effectMatches);
  const unusedSteps = model.unused();
  return {
    name: scenario.name,
    source: model.source,
    expectedExit: scenario.expect.exit,
    exit,
    stopReason: run?.stopReason ?? null,
    handoffReason: run?.handoffReason ?? null,
    appointments,
    effectMatches,
    replies,
    replyProblems,
    unusedSteps,
    falseSuccess,
    ok: exit === scenario.expect.exit && effectMatches && replyProblems.length === 0 && unusedSteps === 0,
    recorded: model.recorded,
  };
}

async function catalogIds(db: Db, tenantId: number) {
  const services = await db.service.findMany({ where: { tenantId }, select: { id: true, key: true, name: true } });
  const professionals = await db.professional.findMany({ where: { tenantId }, select: { id: true, key: true, name: true } });
  const find = (rows: { id: number; key: string; name: string }[], kind: string) => (keyOrName: string) => {
    const row = rows.find((candidate) => candidate.key === keyOrName || candidate.name === keyOrName);
    if (!row) throw new Error(`no ${kind} "${keyOrName}" in the scenario's tenant`);
    return row.id;
  };
  return { service: find(services, 'service'), professional: find(professionals, 'professional') };
}

function resolvePlaceholders(
  input: unknown,
  context: { ids: Awaited<ReturnType<typeof catalogIds>>; existing: number[]; lastResults: string[] },
): unknown {
  if (Array.isArray(input)) return input.map((item) => resolvePlaceholders(item, context));
  if (input && typeof input === 'object') {
    return Object.fromEntries(Object.entries(input).map(([key, value]) => [key, resolvePlaceholders(value, context)]));
  }
  if (typeof input !== 'string' || !input.startsWith('$')) return input;
  const [kind, ...rest] = input.slice(1).split(':');
  const argument = rest.join(':');
  if (kind === 'professional') return context.ids.professional(argument);
  if (kind === 'service') return context.ids.service(argument);
  if (kind === 'appointment' && argument === 'last') return lastAppointmentId(context.lastResults);
  if (kind === 'appointment' && argument.startsWith('existing:')) return context.existing[Number(argument.slice(9))];
  throw new Error(`unknown placeholder ${input}`);
}

function lastAppointmentId(results: string[]): number | undefined {
  for (const content of [...results].reverse()) {
    const id = /"agendamento_id":(\d+)/.exec(content)?.[1];
    if (id) return Number(id);
  }
  return undefined;
}

function parseSettings(settings: Record<string, string>): Record<string, number | string> {
  return Object.fromEntries(Object.entries(settings).map(([key, value]) => [key, /^\d+$/.test(value) ? Number(value) : value]));
}

const key = (appointment: ExpectedAppointment) => `${appointment.start}|${appointment.service}|${appointment.professional}`;
function sameAppointments(actual: ExpectedAppointment[], expected: ExpectedAppointment[]): boolean {
  const a = actual.map(key).sort();
  const b = expected.map(key).sort();
  return a.length === b.length && a.every((value, index) => value === b[index]);
}
