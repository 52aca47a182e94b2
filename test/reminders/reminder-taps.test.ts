import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schedulingDepsOf, schedulingToolDepsOf } from '../../src/boot/index.js';
import { HANDOFF_REASON_LABELS_PT } from '../../src/handoff/index.js';
import { METRICS } from '../../src/metrics/index.js';
import { actOnReminderTap, reminderButtonPayload } from '../../src/reminders/index.js';
import {
  botActor,
  cancelAppointment,
  customerPolicy,
  rescheduleAppointment,
  staffPolicy,
} from '../../src/scheduling/appointments/index.js';
import { type BuscarHorariosResult, createSchedulingToolSet } from '../../src/scheduling/tools/index.js';
import { silentLogger, systemClock } from '../../src/shared/index.js';
import { type Channel, FakeResponder, postWebhook, startChannel } from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { accepted } from '../scheduling/scheduling-test-kit.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  buttonWebhook,
  counterValue,
  createRemindedCustomer,
  customerDayTime,
  newReminderToken,
  repliesIn,
  saoPauloInstant,
  settle,
  tap,
  workdayAhead,
} from './reminder-test-kit.js';

describe('acting on a reminder tap, without the model', () => {
  let database: TestDatabase;
  let channel: Channel;
  let responder: FakeResponder;
  let tenant: TestTenant;
  let graph: GraphApiFake;

  // One salon for every test, and `workdayAhead` of different days can fall on the same date:
  // each test books Ana at a time of day no other test uses (appointments_no_overlap).
  beforeAll(async () => {
    database = await testDatabase();
    responder = new FakeResponder();
    channel = await startChannel({ database, responder });
    tenant = await createTestTenant(database.db, {
      name: 'Salão da Ana',
      businessInfo: 'Rua X, 10.',
      address: 'Rua X, 10.',
      cancelNoticeMinutes: 120,
    });
  });
  afterAll(async () => channel.stop());
  beforeEach(() => {
    graph = new GraphApiFake().install();
  });

  const sentTexts = () => graph.acceptedTexts();
  /** The responder runs of one conversation (none when taps are acted on without the model). */
  const runsIn = (conversationId: number) => responder.runs.filter((run) => run.input.conversationId === conversationId);

  it('when the customer taps Confirmar, then the appointment is confirmed and one confirmation built from the row is sent; the same webhook again and a second tap change nothing and say nothing', async () => {
    const date = workdayAhead(2);
    const reminded = await createRemindedCustomer(database.db, tenant, { startsAt: saoPauloInstant(date, '15:00') });
    const from = reminded.customer.waId as string;
    const confirmedBefore = await counterValue(database.db, METRICS.remindersConfirmed);
    const first = await tap(channel.app, database.db, {
      phoneNumberId: tenant.phoneNumberId,
      from,
      action: 'confirmar',
      token: reminded.reminder.payloadToken,
      templateWamid: reminded.templateWamid,
    });

    const appointment = await database.db.appointment.findUniqueOrThrow({ where: { id: reminded.appointment.id } });
    expect(appointment.status).toBe('confirmed');
    const events = await database.db.appointmentEvent.findMany({ where: { appointmentId: appointment.id } });
    expect(events.map((event) => [event.change, event.actorKind, event.actorId])).toEqual([
      ['confirmed', 'customer_reminder', reminded.customer.id],
    ]);
    const replies = await repliesIn(database.db, reminded.conversation.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.text).toContain('Presença confirmada');
    expect(replies[0]?.text).toContain('Corte com Ana');
    expect(replies[0]?.text).toContain(customerDayTime(appointment.startsAt));
    expect(replies[0]?.text).toContain('Salão da Ana · Rua X, 10.');
    expect(customerDayTime(appointment.startsAt)).toMatch(/ às 15:00$/);
    expect(sentTexts()).toEqual([replies[0]?.text]);
    const reminder = await database.db.appointmentReminder.findUniqueOrThrow({ where: { id: reminded.reminder.id } });
    expect(reminder.answer).toBe('confirm');
    expect(reminder.answeredAt).not.toBeNull();
    expect(await counterValue(database.db, METRICS.remindersConfirmed)).toBe(confirmedBefore + 1);
    // Deterministic: no responder ran, no agent run was started.
    expect(runsIn(reminded.conversation.id)).toHaveLength(0);
    expect(await database.db.agentRun.count({ where: { conversationId: reminded.conversation.id } })).toBe(0);

    // Meta delivers the same webhook again: the intake drops it (same wamid), nothing more happens.
    await postWebhook(channel.app, first.body).expect(200);
    await settle(database.db);
    // The customer taps Confirmar a second time (a new message): no second change, no second confirmation.
    await tap(channel.app, database.db, {
      phoneNumberId: tenant.phoneNumberId,
      from,
      action: 'confirmar',
      token: reminded.reminder.payloadToken,
      templateWamid: reminded.templateWamid,
    });
    const inbound = await database.db.message.findMany({ where: { conversationId: reminded.conversation.id, direction: 'inbound' } });
    expect(inbound.map((message) => [message.type, message.status])).toEqual([
      ['button', 'processed'],
      ['button', 'processed'],
    ]);
    expect(await repliesIn(database.db, reminded.conversation.id)).toHaveLength(1);
    expect(sentTexts()).toHaveLength(1);
    expect(await database.db.appointmentEvent.count({ where: { appointmentId: appointment.id } })).toBe(1);
    expect(await counterValue(database.db, METRICS.remindersConfirmed)).toBe(confirmedBefore + 1);
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointment.id } })).revision).toBe(appointment.revision);
    expect(runsIn(reminded.conversation.id)).toHaveLength(0);
  });

  it('when the customer taps Confirmar and later Cancelar on the same reminder, then the change of mind is honoured once', async () => {
    const date = workdayAhead(2);
    const reminded = await createRemindedCustomer(database.db, tenant, { startsAt: saoPauloInstant(date, '09:30') });
    const from = reminded.customer.waId as string;
    const taps = {
      phoneNumberId: tenant.phoneNumberId,
      from,
      token: reminded.reminder.payloadToken,
      templateWamid: reminded.templateWamid,
    };
    await tap(channel.app, database.db, { ...taps, action: 'confirmar' });
    await tap(channel.app, database.db, { ...taps, action: 'cancelar' });
    await tap(channel.app, database.db, { ...taps, action: 'cancelar' });
    const appointment = await database.db.appointment.findUniqueOrThrow({ where: { id: reminded.appointment.id } });
    expect(appointment.status).toBe('cancelled');
    const events = await database.db.appointmentEvent.findMany({ where: { appointmentId: appointment.id }, orderBy: { id: 'asc' } });
    expect(events.map((event) => event.change)).toEqual(['confirmed', 'cancelled']);
    const texts = (await repliesIn(database.db, reminded.conversation.id)).map((reply) => reply.text ?? '');
    expect(texts).toEqual([expect.stringContaining('Presença confirmada'), expect.stringContaining('Agendamento cancelado')]);
    expect((await database.db.appointmentReminder.findUniqueOrThrow({ where: { id: reminded.reminder.id } })).answer).toBe('cancel');
  });

  it('when a tap comes in a burst with other messages, then it is answered in its place: the messages before, the tap, the messages after', async () => {
    const date = workdayAhead(4);
    const reminded = await createRemindedCustomer(database.db, tenant, { startsAt: saoPauloInstant(date, '09:00') });
    const from = reminded.customer.waId as string;
    const runsBefore = responder.runs.length;
    const post = (body: unknown) => postWebhook(channel.app, body).expect(200);
    await post(webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: 'oi' }));
    await post(
      buttonWebhook({
        phoneNumberId: tenant.phoneNumberId,
        from,
        payload: reminderButtonPayload('confirmar', reminded.reminder.payloadToken),
        text: 'Confirmar',
        templateWamid: reminded.templateWamid,
      }),
    );
    await post(webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: 'obrigada' }));
    await settle(database.db);

    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: reminded.appointment.id } })).status).toBe('confirmed');
    const texts = (await repliesIn(database.db, reminded.conversation.id)).map((reply) => reply.text ?? '');
    expect(texts).toEqual(['Recebi: oi', expect.stringContaining('Presença confirmada'), 'Recebi: obrigada']);
    expect(responder.runs.slice(runsBefore).map((run) => run.input.messages.map((message) => message.text))).toEqual([
      ['oi'],
      ['obrigada'],
    ]);
  });

  it('when a tap is acted on again because its turn never committed (a retried job), then the answer is the same and nothing changes twice', async () => {
    const date = workdayAhead(3);
    const reminded = await createRemindedCustomer(database.db, tenant, { startsAt: saoPauloInstant(date, '13:30') });
    const scope = { tenantId: tenant.id, customerId: reminded.customer.id };
    const deps = { scheduling: schedulingDepsOf(database.db), clock: systemClock };
    for (const action of ['confirmar', 'cancelar'] as const) {
      const first = await actOnReminderTap(deps, scope, { action, token: reminded.reminder.payloadToken });
      // The turn's commit failed: nothing of `first` was stored, the job runs the tap again.
      const retried = await actOnReminderTap(deps, scope, { action, token: reminded.reminder.payloadToken });
      expect(retried).toEqual(first);
      expect(first).toMatchObject({ kind: 'answered', answer: { reminderId: reminded.reminder.id }, handoff: null });
      expect(first.kind === 'answered' ? first.replies : []).toHaveLength(1);
    }
    const events = await database.db.appointmentEvent.findMany({
      where: { appointmentId: reminded.appointment.id },
      orderBy: { id: 'asc' },
    });
    expect(events.map((event) => event.change)).toEqual(['confirmed', 'cancelled']);
  });

  it('when the customer taps Cancelar in time, then the appointment is cancelled, the receipt says so and buscar_horarios offers the time again at once', async () => {
    const date = workdayAhead(2);
    const reminded = await createRemindedCustomer(database.db, tenant, { startsAt: saoPauloInstant(date, '16:00') });
    const tools = createSchedulingToolSet(schedulingToolDepsOf({ db: database.db, clock: systemClock, logger: silentLogger }));
    const someoneElse = await createTestConversationCustomer();
    // What buscar_horarios offers another customer for Ana's corte that day, every start spelled out.
    const offered = async () => {
      const result = await tools.findTimes.handler(
        tools.findTimes.input.parse({ profissional_id: tenant.professionals[0]?.id, data: date, servico_id: tenant.services[0]?.id }),
        { tenantId: tenant.id, customerId: someoneElse, conversationId: 0, toolUseId: `probe-${Math.random()}` },
      );
      return startsOf(result as BuscarHorariosResult);
    };
    expect(await offered()).not.toContain('16:00');
    const cancelledBefore = await counterValue(database.db, METRICS.remindersCancelled);

    await tap(channel.app, database.db, {
      phoneNumberId: tenant.phoneNumberId,
      from: reminded.customer.waId as string,
      action: 'cancelar',
      token: reminded.reminder.payloadToken,
      templateWamid: reminded.templateWamid,
    });

    const appointment = await database.db.appointment.findUniqueOrThrow({ where: { id: reminded.appointment.id } });
    expect(appointment.status).toBe('cancelled');
    const event = await database.db.appointmentEvent.findFirstOrThrow({ where: { appointmentId: appointment.id } });
    expect([event.change, event.actorKind]).toEqual(['cancelled', 'customer_reminder']);
    const replies = await repliesIn(database.db, reminded.conversation.id);
    expect(replies.map((reply) => reply.text)).toEqual([expect.stringContaining('Agendamento cancelado')]);
    expect(replies[0]?.text).toContain(customerDayTime(appointment.startsAt));
    expect(await offered()).toContain('16:00');
    expect((await database.db.appointmentReminder.findUniqueOrThrow({ where: { id: reminded.reminder.id } })).answer).toBe('cancel');
    expect(await counterValue(database.db, METRICS.remindersCancelled)).toBe(cancelledBefore + 1);
    expect(await database.db.handoff.count({ where: { conversationId: reminded.conversation.id } })).toBe(0);
  });

  it('when the customer taps Cancelar inside the cancellation notice, then nothing is cancelled, the rule is explained and a person is called with a reason of its own', async () => {
    const strict = await createTestTenant(database.db, { cancelNoticeMinutes: 1440, minNoticeMinutes: 0 });
    const soon = new Date(Date.now() + 5 * 3_600_000);
    const reminded = await createRemindedCustomer(database.db, strict, { startsAt: soon, beforeMinutes: 360 });
    const cancelledBefore = await counterValue(database.db, METRICS.remindersCancelled);

    await tap(channel.app, database.db, {
      phoneNumberId: strict.phoneNumberId,
      from: reminded.customer.waId as string,
      action: 'cancelar',
      token: reminded.reminder.payloadToken,
      templateWamid: reminded.templateWamid,
    });

    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: reminded.appointment.id } })).status).toBe('booked');
    const replies = await repliesIn(database.db, reminded.conversation.id);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.text).toContain('pelo menos 1 dia de antecedência');
    expect(replies[0]?.text).toContain(customerDayTime(soon));
    expect(replies[0]?.text).toContain('Chamei uma pessoa');
    const handoff = await database.db.handoff.findFirstOrThrow({ where: { conversationId: reminded.conversation.id } });
    expect(handoff).toMatchObject({ reason: 'reminder_cancel_too_late', status: 'pending', tenantId: strict.id });
    expect(handoff.note).toContain(`agendamento ${reminded.appointment.id}`);
    expect(HANDOFF_REASON_LABELS_PT.reminder_cancel_too_late).toMatch(/cancelar pelo lembrete/);
    // The reply was the notice: the generic "a person will answer" is not sent on top of it.
    expect(
      (await database.db.conversation.findUniqueOrThrow({ where: { id: reminded.conversation.id } })).handoffNoticeSentAt,
    ).not.toBeNull();
    expect((await database.db.appointmentReminder.findUniqueOrThrow({ where: { id: reminded.reminder.id } })).answer).toBe('cancel');
    expect(await counterValue(database.db, METRICS.remindersCancelled)).toBe(cancelledBefore);
    expect(runsIn(reminded.conversation.id)).toHaveLength(0);
  });

  it('when the appointment was cancelled or moved since the reminder, then a tap gets a clear answer and no slot is touched', async () => {
    const date = workdayAhead(3);
    const cancelled = await createRemindedCustomer(database.db, tenant, { startsAt: saoPauloInstant(date, '10:00') });
    await cancelAppointment(schedulingDepsOf(database.db), {
      tenantId: tenant.id,
      appointmentId: cancelled.appointment.id,
      now: new Date(),
      policy: staffPolicy({ kind: 'api_key', apiKeyId: 1 }, { outsideHours: false }),
    });
    await tap(channel.app, database.db, {
      phoneNumberId: tenant.phoneNumberId,
      from: cancelled.customer.waId as string,
      action: 'confirmar',
      token: cancelled.reminder.payloadToken,
      templateWamid: cancelled.templateWamid,
    });
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: cancelled.appointment.id } })).status).toBe('cancelled');
    expect((await repliesIn(database.db, cancelled.conversation.id)).map((reply) => reply.text)).toEqual([
      expect.stringContaining('já foi cancelado'),
    ]);

    const moved = await createRemindedCustomer(database.db, tenant, { startsAt: saoPauloInstant(date, '11:00') });
    const outcome = accepted(
      await rescheduleAppointment(schedulingDepsOf(database.db), {
        tenantId: tenant.id,
        customerId: moved.customer.id,
        appointmentId: moved.appointment.id,
        start: `${date}T15:30`,
        idempotencyKey: `move-${moved.appointment.id}`,
        now: new Date(),
        policy: customerPolicy(botActor(null)),
      }),
    );
    await tap(channel.app, database.db, {
      phoneNumberId: tenant.phoneNumberId,
      from: moved.customer.waId as string,
      action: 'cancelar',
      token: moved.reminder.payloadToken,
      templateWamid: moved.templateWamid,
    });
    // The appointment (same id) at its new time is not cancelled by the old reminder's button.
    expect(outcome.appointment.id).toBe(moved.appointment.id);
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: outcome.appointment.id } })).status).toBe('booked');
    const [answer] = (await repliesIn(database.db, moved.conversation.id)).map((reply) => reply.text);
    expect(answer).toContain('Esse lembrete era de outro horário');
    expect(answer).toContain(customerDayTime(outcome.appointment.startsAt));
    expect(answer).toContain('Não mudei nada');
    expect((await database.db.appointmentReminder.findUniqueOrThrow({ where: { id: moved.reminder.id } })).answer).toBeNull();
    expect([...runsIn(cancelled.conversation.id), ...runsIn(moved.conversation.id)]).toHaveLength(0);
  });

  it("when a payload names another customer's reminder, a made-up token or another tenant's reminder, then nothing changes and the customer is told the reminder is not theirs", async () => {
    const date = workdayAhead(4);
    const victim = await createRemindedCustomer(database.db, tenant, { startsAt: saoPauloInstant(date, '14:00') });
    const attacker = await createRemindedCustomer(database.db, tenant, { startsAt: saoPauloInstant(date, '14:30') });
    const otherTenant = await createTestTenant(database.db);
    const outsider = await createRemindedCustomer(database.db, otherTenant, { startsAt: saoPauloInstant(date, '17:00') });

    // The attacker's own template, the victim's token.
    await tap(channel.app, database.db, {
      phoneNumberId: tenant.phoneNumberId,
      from: attacker.customer.waId as string,
      action: 'cancelar',
      token: victim.reminder.payloadToken,
      templateWamid: attacker.templateWamid,
    });
    await tap(channel.app, database.db, {
      phoneNumberId: tenant.phoneNumberId,
      from: attacker.customer.waId as string,
      action: 'confirmar',
      token: newReminderToken(),
      templateWamid: attacker.templateWamid,
    });
    // Another tenant's customer with this tenant's reminder token, tapped on their own business's number.
    await tap(channel.app, database.db, {
      phoneNumberId: otherTenant.phoneNumberId,
      from: outsider.customer.waId as string,
      action: 'cancelar',
      token: victim.reminder.payloadToken,
      templateWamid: outsider.templateWamid,
    });

    for (const someone of [victim, attacker, outsider]) {
      expect((await database.db.appointment.findUniqueOrThrow({ where: { id: someone.appointment.id } })).status).toBe('booked');
      expect((await database.db.appointmentReminder.findUniqueOrThrow({ where: { id: someone.reminder.id } })).answer).toBeNull();
      expect(await database.db.appointmentEvent.count({ where: { appointmentId: someone.appointment.id } })).toBe(0);
    }
    expect(await repliesIn(database.db, victim.conversation.id)).toHaveLength(0);
    const notTheirs = 'Não encontrei esse lembrete entre os seus agendamentos, então não mudei nada.';
    expect((await repliesIn(database.db, attacker.conversation.id)).map((reply) => reply.text?.slice(0, notTheirs.length))).toEqual([
      notTheirs,
      notTheirs,
    ]);
    expect((await repliesIn(database.db, outsider.conversation.id)).map((reply) => reply.text?.slice(0, notTheirs.length))).toEqual([
      notTheirs,
    ]);
    expect([victim, attacker, outsider].flatMap((someone) => runsIn(someone.conversation.id))).toHaveLength(0);
  });

  /** Every start a buscar_horarios result offers: its ranges expanded by its step (the sample list leaves some out). */
  function startsOf(result: BuscarHorariosResult): string[] {
    const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
    const label = (total: number) => `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
    return result.faixas.flatMap((range) => {
      const starts: string[] = [];
      for (let at = minutes(range.de); at <= minutes(range.ate); at += result.passo_minutos) starts.push(label(at));
      return starts;
    });
  }

  async function createTestConversationCustomer(): Promise<number> {
    const customer = await database.db.customer.create({ data: { tenantId: tenant.id, waId: `5511${Math.floor(Math.random() * 1e9)}` } });
    return customer.id;
  }
});
