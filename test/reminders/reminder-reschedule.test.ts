import type Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAgentResponder } from '../../src/agent/index.js';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import type { Responder } from '../../src/conversation/index.js';
import { createOfflineAssistant } from '../../src/offline-assistant/index.js';
import { createSchedulingToolSet, createSchedulingTools } from '../../src/scheduling/tools/index.js';
import { silentLogger, systemClock } from '../../src/shared/index.js';
import { type Channel, postWebhook, startChannel, testConfig } from '../conversation/channel-harness.js';
import { installScriptedClaude, type RecordedRequest, type ScriptedClaude, toolCalls } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  BUSINESS_NUMBER,
  createRemindedCustomer,
  customerDayTime,
  repliesIn,
  saoPauloInstant,
  settle,
  tap,
  workdayAhead,
} from './reminder-test-kit.js';

/** The text of the newest user turn of a model request (what the run was opened with). */
function lastUserText(request: RecordedRequest | undefined): string {
  const last = request?.body.messages.filter((message) => message.role === 'user').at(-1);
  if (!last || typeof last.content === 'string') return String(last?.content ?? '');
  return (last.content as Anthropic.Messages.ContentBlockParam[]).map((block) => (block.type === 'text' ? block.text : '')).join('\n');
}

/** Every tool the model called in these requests' histories and answers, by name. */
const toolNamesCalled = (claude: ScriptedClaude) =>
  claude.requests.flatMap((request) =>
    request.body.messages.flatMap((message) =>
      typeof message.content === 'string'
        ? []
        : (message.content as Anthropic.Messages.ContentBlockParam[]).flatMap((block) => (block.type === 'tool_use' ? [block.name] : [])),
    ),
  );

/** A text message from the customer that quotes `quotedWamid` (WhatsApp's reply: `context.id`). */
function replyWebhook(options: { phoneNumberId: string; from: string; text: string; quotedWamid: string }) {
  const body = webhookFixture('text', {
    phoneNumberId: options.phoneNumberId,
    from: options.from,
    text: options.text,
    messageId: newWamid(),
  });
  const message = (body as { entry: { changes: { value: { messages: Record<string, unknown>[] } }[] }[] }).entry[0]!.changes[0]!.value
    .messages[0]!;
  message.context = { from: BUSINESS_NUMBER, id: options.quotedWamid };
  return body;
}

describe('Remarcar and replies to a reminder: the responder knows which appointment', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  let agent: Responder;
  let offline: Responder;
  let claude: ScriptedClaude;

  beforeAll(async () => {
    database = await testDatabase();
    channel = await startChannel({ database });
    tenant = await createTestTenant(database.db, { name: 'Salão da Ana', cancelNoticeMinutes: 120 });
    const config = testConfig({ ANTHROPIC_API_KEY: 'sk-ant-test-key', ANTHROPIC_MAX_RETRIES: '0' });
    const tools = createSchedulingTools(schedulingToolDepsOf({ db: database.db, clock: systemClock, logger: silentLogger }));
    agent = createAgentResponder({ db: database.db, logger: silentLogger, clock: systemClock, config, tools });
    offline = createOfflineAssistant({
      db: database.db,
      clock: systemClock,
      logger: silentLogger,
      tools: createSchedulingToolSet(schedulingToolDepsOf({ db: database.db, clock: systemClock, logger: silentLogger })),
    });
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    new GraphApiFake().install();
    claude = installScriptedClaude(mswServer);
  });

  it('when the customer taps Remarcar, then the model is told the appointment (id, local time, service, professional) and a scripted remarcar on it succeeds without meus_agendamentos', async () => {
    channel.useResponder(agent);
    const date = workdayAhead(2);
    const reminded = await createRemindedCustomer(database.db, tenant, { startsAt: saoPauloInstant(date, '15:00') });
    const [ana] = tenant.professionals;
    const from = reminded.customer.waId as string;
    const id = reminded.appointment.id;
    claude.enqueue(
      toolCalls([{ name: 'responder_cliente', input: { texto: 'Claro! Para qual dia e horário você quer mudar?', afirma: 'nada' } }]),
    );
    await tap(channel.app, database.db, {
      phoneNumberId: tenant.phoneNumberId,
      from,
      action: 'remarcar',
      token: reminded.reminder.payloadToken,
      templateWamid: reminded.templateWamid,
    });

    const opened = lastUserText(claude.requests[0]);
    expect(opened).toContain(`agendamento ${id}`);
    expect(opened).toContain(`${date}T15:00`);
    expect(opened).toContain(customerDayTime(reminded.appointment.startsAt));
    expect(opened).toContain('Corte com Ana');
    expect(opened).toContain(`profissional_id ${ana?.id}`);
    expect(opened).toContain(`agendamento_id ${id}`);
    expect((await database.db.appointmentReminder.findUniqueOrThrow({ where: { id: reminded.reminder.id } })).answer).toBe('reschedule');
    expect((await repliesIn(database.db, reminded.conversation.id)).map((reply) => reply.text)).toEqual([
      'Claro! Para qual dia e horário você quer mudar?',
    ]);

    // Next turn: the customer names the time; the model moves the appointment it was told about, straight away.
    claude.enqueue(toolCalls([{ name: 'remarcar', input: { agendamento_id: id, inicio: `${date}T17:00` } }]), () => {
      const result = JSON.parse(String(claude.lastToolResults()[0]?.content ?? '{}'));
      return toolCalls([
        {
          name: 'responder_cliente',
          input: { texto: 'Prontinho!', afirma: 'remarcou', agendamento_id: result.agendamento.agendamento_id },
        },
      ]);
    });
    await postWebhook(channel.app, webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: 'pode ser às 17h' })).expect(
      200,
    );
    await settle(database.db);

    // The note is in the history the model sees on the next turn too.
    expect(JSON.stringify(claude.requests[1]?.body.messages)).toContain(`agendamento_id ${id}`);
    expect(claude.lastToolResults()[0]?.is_error).toBeFalsy();
    expect(toolNamesCalled(claude)).toContain('remarcar');
    expect(toolNamesCalled(claude)).not.toContain('meus_agendamentos');
    const runs = await database.db.agentRun.findMany({ where: { conversationId: reminded.conversation.id }, select: { id: true } });
    const called = await database.db.agentToolCall.findMany({
      where: { runId: { in: runs.map((run) => run.id) } },
      select: { name: true },
    });
    expect(called.map((call) => call.name)).toContain('remarcar');
    expect(called.map((call) => call.name)).not.toContain('meus_agendamentos');
    expect(claude.remaining).toBe(0);
    // The same appointment moved; its history says the reminder's flow moved it.
    const moved = await database.db.appointment.findUniqueOrThrow({ where: { id } });
    expect(moved).toMatchObject({ status: 'booked', startsAt: saoPauloInstant(date, '17:00') });
    const move = await database.db.appointmentEvent.findFirstOrThrow({ where: { appointmentId: id, change: 'rescheduled' } });
    expect(move.details).toMatchObject({ source: 'reminder' });
    const texts = (await repliesIn(database.db, reminded.conversation.id)).map((reply) => reply.text ?? '');
    expect(texts.at(-2)).toBe('Prontinho!');
    expect(texts.at(-1)).toContain('Agendamento remarcado');
  });

  it('when the customer answers the reminder in free text, then it is a normal model turn told which appointment the reminder was about', async () => {
    channel.useResponder(agent);
    const date = workdayAhead(3);
    const reminded = await createRemindedCustomer(database.db, tenant, { startsAt: saoPauloInstant(date, '10:30') });
    claude.enqueue(
      toolCalls([{ name: 'responder_cliente', input: { texto: 'Sem problema, avisei a equipe. Até logo!', afirma: 'nada' } }]),
    );
    await postWebhook(
      channel.app,
      replyWebhook({
        phoneNumberId: tenant.phoneNumberId,
        from: reminded.customer.waId as string,
        text: 'vou atrasar 10 min',
        quotedWamid: reminded.templateWamid,
      }),
    ).expect(200);
    await settle(database.db);

    const opened = lastUserText(claude.requests[0]);
    expect(opened).toContain(`[O cliente respondeu ao lembrete do agendamento ${reminded.appointment.id}:`);
    expect(opened).toContain(`${date}T10:30`);
    expect(opened).toContain('Corte com Ana');
    expect(opened).toContain('vou atrasar 10 min');
    expect(claude.remaining).toBe(0);
    // A reply is not an answer to the reminder's buttons: nothing is recorded or changed.
    expect((await database.db.appointmentReminder.findUniqueOrThrow({ where: { id: reminded.reminder.id } })).answer).toBeNull();
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: reminded.appointment.id } })).status).toBe('booked');
    const run = await database.db.agentRun.findFirstOrThrow({ where: { conversationId: reminded.conversation.id } });
    expect(run).toMatchObject({ exit: 'success', responder: 'agent' });
  });

  it('when Remarcar is tapped with no model configured, then the offline assistant starts moving that very appointment and the move goes through', async () => {
    channel.useResponder(offline);
    const date = workdayAhead(2);
    const reminded = await createRemindedCustomer(database.db, tenant, { startsAt: saoPauloInstant(date, '11:00') });
    const from = reminded.customer.waId as string;
    await tap(channel.app, database.db, {
      phoneNumberId: tenant.phoneNumberId,
      from,
      action: 'remarcar',
      token: reminded.reminder.payloadToken,
      templateWamid: reminded.templateWamid,
    });
    const [days] = await repliesIn(database.db, reminded.conversation.id);
    expect(days?.text).toContain('Vamos remarcar o seu horário');
    expect(days?.text).toContain('Corte com Ana');
    expect(days?.text).toContain('Qual dia?');
    const state = (await database.db.conversation.findUniqueOrThrow({ where: { id: reminded.conversation.id } })).assistantState as {
      current: { step: string; draft?: { mode: string; appointmentId: number } };
    };
    expect(state.current).toMatchObject({ step: 'choose_day', draft: { mode: 'reschedule', appointmentId: reminded.appointment.id } });

    for (const choice of ['1', '1', 'sim']) {
      await postWebhook(channel.app, webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: choice })).expect(200);
      await settle(database.db);
    }
    const moved = await database.db.appointment.findUniqueOrThrow({ where: { id: reminded.appointment.id } });
    expect(moved).toMatchObject({ status: 'booked', professionalId: tenant.professionals[0]?.id });
    expect(moved.startsAt).not.toEqual(reminded.appointment.startsAt);
    const move = await database.db.appointmentEvent.findFirstOrThrow({ where: { appointmentId: moved.id, change: 'rescheduled' } });
    expect(move.details).toMatchObject({ source: 'reminder' });
    const texts = (await repliesIn(database.db, reminded.conversation.id)).map((reply) => reply.text ?? '');
    expect(texts.join('\n')).toContain('Agendamento remarcado');
    expect(texts.join('\n')).not.toContain('Escolha um para cancelar ou remarcar');
  });
});
