import { describe, expect, it } from 'vitest';
import { schedulingToolDepsOf } from '../../src/boot/index.js';
import type { RespondInput, RunOutcome } from '../../src/conversation/index.js';
import { createOfflineAssistant } from '../../src/offline-assistant/index.js';
import { createSchedulingToolSet } from '../../src/scheduling/tools/index.js';
import { fixedClock, type OutboundReply, silentLogger } from '../../src/shared/index.js';
import { respondAsOfflineJob } from '../support/commit-outcome.js';
import { createInboundMessage, createTestConversation, createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';

const { db } = await testDatabase();
// Tuesday 2026-12-01, 09:00 in São Paulo.
const clock = fixedClock('2026-12-01T12:00:00Z');
const tools = createSchedulingToolSet(schedulingToolDepsOf({ db, clock, logger: silentLogger }));
const offlineAssistant = createOfflineAssistant({ db, clock, logger: silentLogger, tools });

/**
 * The offline assistant as the conversation job runs it: its outcome (and the menu state in
 * its record) committed by the production turn-ending commit, under a fresh run row.
 */
const assistant = {
  async respond(input: RespondInput): Promise<RunOutcome> {
    const { record: _record, ...visible } = await respondAsOfflineJob(db, offlineAssistant, input);
    return visible;
  },
};

async function customer(tenantOverrides: Parameters<typeof createTestTenant>[1] = {}) {
  const tenant = await createTestTenant(db, tenantOverrides);
  const { customer, conversation } = await createTestConversation(db, tenant.id);
  const ids = { tenantId: tenant.id, conversationId: conversation.id, customerId: customer.id };
  /** One customer message (typed, or a tap with its reply id) answered by the offline assistant. */
  const say = async (text: string, replyId?: string): Promise<RunOutcome> => {
    const message = await createInboundMessage(db, { ...ids, type: replyId ? 'interactive' : 'text', text });
    return assistant.respond({
      ...ids,
      runId: 0,
      signal: new AbortController().signal,
      messages: [{ id: message.id, type: message.type, text, replyId: replyId ?? null, createdAt: message.createdAt }],
    });
  };
  const appointments = () => db.appointment.findMany({ where: { tenantId: tenant.id, customerId: customer.id }, orderBy: { id: 'asc' } });
  return { tenant, ids, say, appointments };
}

const replies = (outcome: RunOutcome): OutboundReply[] => (outcome.kind === 'cancelled' ? [] : outcome.replies);
const screen = (outcome: RunOutcome) => replies(outcome).at(-1);
const optionTitles = (outcome: RunOutcome) => {
  const last = screen(outcome);
  if (!last || last.type === 'text') return [];
  return last.type === 'buttons'
    ? last.buttons.map((button) => button.title)
    : last.sections.flatMap((section) => section.rows.map((row) => row.title));
};
const allText = (outcome: RunOutcome) =>
  replies(outcome)
    .map((reply) => reply.text)
    .join('\n');
const localStart = (date: Date) => new Date(date.getTime() - 3 * 3600_000).toISOString().slice(0, 16);

/** A stored inbound text of the customer, as the run's input lists it. */
async function inbound(ids: { tenantId: number; conversationId: number }, text: string) {
  const message = await createInboundMessage(db, { tenantId: ids.tenantId, conversationId: ids.conversationId, text });
  return { id: message.id, type: 'text', text, replyId: null, createdAt: message.createdAt };
}

describe('offline assistant: booking', () => {
  it('when the customer greets, then the main menu offers three buttons within WhatsApp limits', async () => {
    const { say } = await customer();
    const outcome = await say('Oi, bom dia!');
    expect(outcome.kind).toBe('answer');
    const menu = screen(outcome);
    expect(menu?.type).toBe('buttons');
    expect(optionTitles(outcome)).toEqual(['Agendar horário', 'Meus agendamentos', 'Falar com uma pessoa']);
    for (const title of optionTitles(outcome)) expect(title.length).toBeLessThanOrEqual(20);
  });

  it('when the customer answers every step with typed numbers, then an appointment is booked in 7 messages', async () => {
    const { say, appointments } = await customer();
    await say('oi');
    const services = await say('1');
    expect(optionTitles(services)).toEqual(['Coloração', 'Corte']);
    const professionals = await say('2');
    expect(optionTitles(professionals)).toEqual(['Qualquer um', 'Ana', 'Bia']);
    const days = await say('1');
    expect(optionTitles(days)[0]).toBe('Hoje, ter 01/12');
    expect(optionTitles(days)).toHaveLength(7);
    const times = await say('1');
    const offered = optionTitles(times);
    expect(offered.length).toBeLessThanOrEqual(10);
    expect(offered[0]).toBe('10:00'); // 09:00 now + 60 min notice
    const confirm = await say('1');
    expect(screen(confirm)?.type).toBe('buttons');
    expect(allText(confirm)).toContain('Corte');
    expect(allText(confirm)).toContain('às 10:00');
    const booked = await say('sim');
    expect(allText(booked)).toContain('agendado');
    const [appointment] = await appointments();
    expect(appointment?.status).toBe('booked');
    expect(localStart(appointment!.startsAt)).toBe('2026-12-01T10:00');
    expect(appointment?.idempotencyKey).toMatch(/^offline:\d+:book:\d+$/);
  });

  it('when the customer types words (service, professional, "amanhã", "14h30", "sim"), then they pick the same options', async () => {
    const { say, appointments, tenant } = await customer();
    const professionals = await say('quero agendar um corte');
    expect(optionTitles(professionals)).toContain('Bia');
    await say('bia');
    const times = await say('amanhã');
    expect(allText(times)).toContain('Horários livres para amanhã (qua 02/12)');
    const confirm = await say('14h30');
    expect(allText(confirm)).toContain('Bia');
    await say('pode');
    const [appointment] = await appointments();
    expect(localStart(appointment!.startsAt)).toBe('2026-12-02T14:30');
    expect(appointment?.professionalId).toBe(tenant.professionals.find((professional) => professional.key === 'bia')?.id);
  });

  it('when the customer taps buttons and rows (reply ids), then the ids drive the flow', async () => {
    const { say, appointments, tenant } = await customer();
    const corte = tenant.services[0]!.id;
    const ana = tenant.professionals[0]!.id;
    await say('Agendar horário', 'menu:book');
    await say('Corte', `svc:${corte}`);
    await say('Ana', `pro:${ana}`);
    await say('Qui 03/12', 'day:2026-12-03');
    const confirm = await say('15:00', 'slot:2026-12-03T15:00');
    expect(allText(confirm)).toContain('Ana');
    await say('Confirmar', 'confirm:yes');
    const [appointment] = await appointments();
    expect(localStart(appointment!.startsAt)).toBe('2026-12-03T15:00');
  });

  it("when the chosen time is taken before the customer confirms, then the refusal is shown with the day's free times again", async () => {
    const { say, appointments, tenant } = await customer();
    const corte = tenant.services[0]!.id;
    const ana = tenant.professionals[0]!.id;
    await say('agendar');
    await say('corte');
    await say('Ana', `pro:${ana}`);
    await say('04/12');
    await say('11:00');
    const other = await createTestConversation(db, tenant.id);
    await tools.book.handler(
      { profissional_id: ana, servico_id: corte, inicio: '2026-12-04T11:00' },
      { tenantId: tenant.id, customerId: other.customer.id, conversationId: other.conversation.id, toolUseId: 'other-customer' },
    );
    const refused = await say('sim');
    expect(allText(refused)).toMatch(/ocupado|não está mais disponível/);
    expect(optionTitles(refused)).not.toContain('11:00');
    expect(await appointments()).toHaveLength(0);
  });

  it('when "voltar" is typed, then the previous step is shown again', async () => {
    const { say } = await customer();
    await say('agendar');
    await say('corte');
    const back = await say('voltar');
    expect(optionTitles(back)).toEqual(['Coloração', 'Corte']);
    const menu = await say('menu');
    expect(optionTitles(menu)).toEqual(['Agendar horário', 'Meus agendamentos', 'Falar com uma pessoa']);
  });
});

describe('offline assistant: my appointments', () => {
  async function withBooking() {
    const session = await customer();
    await session.say('agendar');
    await session.say('corte');
    await session.say('ana');
    await session.say('quinta');
    await session.say('16:00');
    await session.say('sim');
    expect(await session.appointments()).toHaveLength(1);
    return session;
  }

  it('when the customer lists and cancels with typed words, then the appointment is cancelled', async () => {
    const { say, appointments } = await withBooking();
    const listed = await say('meus agendamentos');
    expect(allText(listed)).toContain('Qui 03/12 às 16:00 · Corte com Ana');
    expect(optionTitles(listed)).toEqual(['Cancelar', 'Remarcar', 'Menu']);
    const confirm = await say('cancelar');
    expect(optionTitles(confirm)).toEqual(['Sim, cancelar', 'Não']);
    const cancelled = await say('sim');
    expect(allText(cancelled)).toContain('cancelado');
    expect((await appointments())[0]?.status).toBe('cancelled');
  });

  it('when the customer reschedules, then the same appointment moves to the new time', async () => {
    const { say, appointments } = await withBooking();
    await say('2');
    const days = await say('remarcar');
    expect(optionTitles(days).length).toBeGreaterThan(0);
    await say('sexta');
    const confirm = await say('09:30');
    expect(allText(confirm)).toContain('nova data');
    const done = await say('1');
    expect(allText(done)).toContain('remarcado');
    const rows = await appointments();
    expect(rows.map((row) => [row.status, localStart(row.startsAt), row.rescheduledAt !== null])).toEqual([
      ['booked', '2026-12-04T09:30', true],
    ]);
  });

  it('when the customer has no appointments, then the menu says so', async () => {
    const { say } = await customer();
    const outcome = await say('meus agendamentos');
    expect(allText(outcome)).toContain('não tem agendamentos');
    expect(optionTitles(outcome)).toHaveLength(3);
  });
});

describe('offline assistant: understanding and state', () => {
  it('when the customer asks for a person, then the run hands off with requested_by_customer', async () => {
    const { say } = await customer();
    await say('oi');
    const outcome = await say('3');
    expect(outcome).toMatchObject({ kind: 'handoff', reason: 'requested_by_customer' });
    const typed = await (await customer()).say('quero falar com um atendente');
    expect(typed).toMatchObject({ kind: 'handoff', reason: 'requested_by_customer' });
  });

  it('when a step does not understand the customer, then it asks again once, and the second miss hands off', async () => {
    const { say, ids } = await customer();
    await say('agendar');
    const first = await say('banana');
    expect(first.kind).toBe('answer');
    expect(allText(first)).toContain('não entendi');
    expect(optionTitles(first)).toEqual(['Coloração', 'Corte']);
    const second = await say('abacaxi');
    expect(second).toMatchObject({ kind: 'handoff', reason: 'offline_not_understood' });
    const row = await db.conversation.findUniqueOrThrow({ where: { id: ids.conversationId } });
    expect(row.assistantState).toMatchObject({ current: { step: 'idle' } });
  });

  it('when a miss is followed by an understood answer, then the count starts over', async () => {
    const { say } = await customer();
    await say('agendar');
    await say('banana');
    await say('corte');
    const miss = await say('???');
    expect(miss.kind).toBe('answer');
    expect(optionTitles(miss)).toContain('Qualquer um');
  });

  it('when the stored state is invalid or stale, then the customer starts at the main menu', async () => {
    const { say, ids } = await customer();
    await db.conversation.update({ where: { id: ids.conversationId }, data: { assistantState: { version: 0, step: 'whatever' } } });
    const invalid = await say('qualquer coisa');
    expect(optionTitles(invalid)).toEqual(['Agendar horário', 'Meus agendamentos', 'Falar com uma pessoa']);
    const stale = { version: 1, at: '2026-12-01T10:00:00.000Z', misses: 0, current: { step: 'choose_service' }, offered: [] };
    await db.conversation.update({ where: { id: ids.conversationId }, data: { assistantState: stale } });
    const fromStale = await say('qualquer coisa');
    expect(optionTitles(fromStale)).toEqual(['Agendar horário', 'Meus agendamentos', 'Falar com uma pessoa']);
  });

  it('when the same message is answered twice (a retried job), then the replies repeat and nothing is booked twice', async () => {
    const { say, ids, appointments } = await customer();
    await say('agendar');
    await say('corte');
    await say('ana');
    await say('amanhã');
    await say('10:00');
    const input = { ...ids, runId: 0, signal: new AbortController().signal, messages: [await inbound(ids, 'sim')] };
    const first = await assistant.respond(input);
    const again = await assistant.respond(input);
    expect(again).toEqual(first);
    expect(await appointments()).toHaveLength(1);
  });
});

describe('offline assistant: turns with several messages', () => {
  it('when a burst of messages is answered in one run, then each is applied in order and only the last screen is sent', async () => {
    const { ids } = await customer();
    const messages = [await inbound(ids, 'oi'), await inbound(ids, 'agendar'), await inbound(ids, 'corte')];
    const outcome = await assistant.respond({ ...ids, runId: 0, signal: new AbortController().signal, messages });
    expect(replies(outcome)).toHaveLength(1);
    expect(optionTitles(outcome)).toEqual(['Qualquer um', 'Ana', 'Bia']);
  });

  it('when the run is cancelled (an attendant took over), then nothing is answered and the step is kept', async () => {
    const { ids, say } = await customer();
    await say('agendar');
    const controller = new AbortController();
    controller.abort();
    const outcome = await assistant.respond({ ...ids, runId: 0, signal: controller.signal, messages: [await inbound(ids, 'corte')] });
    expect(outcome).toEqual({ kind: 'cancelled' });
    const row = await db.conversation.findUniqueOrThrow({ where: { id: ids.conversationId } });
    expect(row.assistantState).toMatchObject({ current: { step: 'choose_service' } });
  });
});
