import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingDepsOf, schedulingToolDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { createOfflineAssistant } from '../../src/offline-assistant/index.js';
import { isReminderPayloadToken, parseReminderButtonPayload, reminderButtonPayload } from '../../src/reminders/reminder-payload.js';
import { cancelAppointment, customerPolicy, recordAttendance, rescheduleAppointment } from '../../src/scheduling/appointments/index.js';
import { type AgendarResult, createSchedulingToolSet, type RemarcarResult } from '../../src/scheduling/tools/index.js';
import { fixedClock, silentLogger } from '../../src/shared/index.js';
import { agendaApp, staffApi } from '../admin/agenda-test-kit.js';
import { accepted, createCustomer, NOW, schedulingTools } from '../scheduling/scheduling-test-kit.js';
import { commitOutcome } from '../support/commit-outcome.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';

const REMINDERS = [
  { beforeMinutes: 1440, template: 'lembrete_agendamento', language: 'pt_BR' },
  { beforeMinutes: 120, template: 'lembrete_agendamento', language: 'pt_BR' },
];

/** The reminder jobs of one appointment as graphile-worker holds them: key, task and run_at (UTC ISO). */
async function reminderJobs(db: Db, appointmentId: number) {
  const rows = await db.$queryRaw<{ key: string; task_identifier: string; run_at: Date }[]>`
    SELECT key, task_identifier, run_at FROM graphile_worker.jobs WHERE key LIKE ${`reminder:${appointmentId}:%`} ORDER BY run_at`;
  return rows.map((row) => ({ key: row.key, task: row.task_identifier, runAt: row.run_at.toISOString() }));
}

async function reminderRows(db: Db, appointmentId: number) {
  return db.appointmentReminder.findMany({ where: { appointmentId }, orderBy: { dueAt: 'asc' } });
}

describe('reminders are scheduled with the booking, move with a reschedule and go with a cancellation', () => {
  let db: Db;
  let tenant: TestTenant;
  let call: ReturnType<typeof schedulingTools>;

  beforeAll(async () => {
    ({ db } = await testDatabase());
    tenant = await createTestTenant(db, { reminders: REMINDERS });
    call = schedulingTools(db);
  });

  const ana = () => tenant.professionals[0]!;
  const corte = () => tenant.services[0]!;

  it('when the bot books tomorrow 15:00 with reminders at 1440 and 120 minutes, then two jobs run at 15:00 today and 13:00 tomorrow; a reschedule to 16:00 moves them; a cancellation removes them', async () => {
    // now: Tuesday 2026-12-01 09:00 in São Paulo (UTC-3)
    const customer = await createCustomer(db, tenant.id);
    const booked = await call<AgendarResult>(
      'agendar',
      { profissional_id: ana().id, servico_id: corte().id, inicio: '2026-12-02T15:00' },
      customer.context(),
    );
    const first = booked.agendamento.agendamento_id;
    expect(await reminderJobs(db, first)).toEqual([
      { key: `reminder:${first}:1440`, task: 'send-reminder', runAt: '2026-12-01T18:00:00.000Z' }, // 15:00 today, local
      { key: `reminder:${first}:120`, task: 'send-reminder', runAt: '2026-12-02T16:00:00.000Z' }, // 13:00 tomorrow, local
    ]);
    const rows = await reminderRows(db, first);
    expect(rows).toMatchObject([
      { beforeMinutes: 1440, status: 'scheduled', customerId: customer.customerId, startsAt: new Date('2026-12-02T18:00:00Z') },
      { beforeMinutes: 120, status: 'scheduled', customerId: customer.customerId, startsAt: new Date('2026-12-02T18:00:00Z') },
    ]);
    // each row has its own unguessable token, usable in the buttons' payloads
    expect(new Set(rows.map((row) => row.payloadToken)).size).toBe(2);
    for (const row of rows) {
      expect(isReminderPayloadToken(row.payloadToken)).toBe(true);
      expect(parseReminderButtonPayload(reminderButtonPayload('confirmar', row.payloadToken))).toEqual({
        action: 'confirmar',
        token: row.payloadToken,
      });
    }

    const moved = await call<RemarcarResult>('remarcar', { agendamento_id: first, inicio: '2026-12-02T16:00' }, customer.context());
    // The same appointment: the old time's reminders are removed, the new time's scheduled beside them, under the same job keys.
    const second = moved.agendamento.agendamento_id;
    expect(second).toBe(first);
    expect(await reminderRows(db, first)).toMatchObject([
      { beforeMinutes: 1440, status: 'removed', statusReason: 'rescheduled', startsAt: new Date('2026-12-02T18:00:00Z') },
      { beforeMinutes: 1440, status: 'scheduled', startsAt: new Date('2026-12-02T19:00:00Z') },
      { beforeMinutes: 120, status: 'removed', statusReason: 'rescheduled', startsAt: new Date('2026-12-02T18:00:00Z') },
      { beforeMinutes: 120, status: 'scheduled', startsAt: new Date('2026-12-02T19:00:00Z') },
    ]);
    expect(await reminderJobs(db, second)).toEqual([
      { key: `reminder:${second}:1440`, task: 'send-reminder', runAt: '2026-12-01T19:00:00.000Z' }, // 16:00 today
      { key: `reminder:${second}:120`, task: 'send-reminder', runAt: '2026-12-02T17:00:00.000Z' }, // 14:00 tomorrow
    ]);

    await call('cancelar', { agendamento_id: second }, customer.context());
    expect(await reminderJobs(db, second)).toEqual([]);
    expect(await reminderRows(db, second)).toMatchObject([
      { status: 'removed', statusReason: 'rescheduled' },
      { status: 'removed', statusReason: 'cancelled' },
      { status: 'removed', statusReason: 'rescheduled' },
      { status: 'removed', statusReason: 'cancelled' },
    ]);
  });

  it('when a reminder time has already passed at booking (11:30 today), then only the reminders still ahead are created', async () => {
    const customer = await createCustomer(db, tenant.id);
    const booked = await call<AgendarResult>(
      'agendar',
      { profissional_id: ana().id, servico_id: corte().id, inicio: '2026-12-01T11:30' },
      customer.context(),
    );
    const id = booked.agendamento.agendamento_id;
    // 1440 before was yesterday 11:30 and 120 before was 09:30 (after now, 09:00): only that one
    expect(await reminderJobs(db, id)).toEqual([{ key: `reminder:${id}:120`, task: 'send-reminder', runAt: '2026-12-01T12:30:00.000Z' }]);
    expect(await reminderRows(db, id)).toHaveLength(1);
  });

  it("when two customers race for one slot, then the loser's booking rolls back with its reminders: only the winner has rows and jobs", async () => {
    for (const start of ['2026-12-03T10:00', '2026-12-03T10:30', '2026-12-03T11:00']) {
      const racers = await Promise.all([createCustomer(db, tenant.id), createCustomer(db, tenant.id), createCustomer(db, tenant.id)]);
      const input = { profissional_id: ana().id, servico_id: corte().id, inicio: start };
      const results = await Promise.allSettled(racers.map((racer) => call<AgendarResult>('agendar', input, racer.context())));
      const won = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value.agendamento.agendamento_id] : []));
      expect(won).toHaveLength(1);
      const rows = await db.appointmentReminder.findMany({ where: { customerId: { in: racers.map((racer) => racer.customerId) } } });
      expect(rows.map((row) => row.appointmentId)).toEqual([won[0], won[0]]);
      const jobs = await db.$queryRaw<{ key: string }[]>`
        SELECT key FROM graphile_worker.jobs WHERE task_identifier = 'send-reminder' AND key = ANY(${rows.map((row) => `reminder:${row.appointmentId}:${row.beforeMinutes}`)})`;
      expect(jobs).toHaveLength(2);
    }
    // no job anywhere points at a reminder row that was rolled back
    const orphans = await db.$queryRaw<{ count: bigint }[]>`
      SELECT count(*) AS count FROM graphile_worker._private_jobs j
       JOIN graphile_worker._private_tasks t ON t.id = j.task_id AND t.identifier = 'send-reminder'
       WHERE NOT EXISTS (SELECT 1 FROM appointment_reminders r WHERE r.id = (j.payload ->> 'reminderId')::int)`;
    expect(orphans[0]?.count).toBe(0n);
  });

  it('when the tenant has no reminders block, then bookings get no reminder', async () => {
    const plain = await createTestTenant(db);
    const customer = await createCustomer(db, plain.id);
    const booked = await schedulingTools(db)<AgendarResult>(
      'agendar',
      { profissional_id: plain.professionals[0]!.id, servico_id: plain.services[0]!.id, inicio: '2026-12-02T15:00' },
      customer.context(),
    );
    expect(await reminderJobs(db, booked.agendamento.agendamento_id)).toEqual([]);
    expect(await db.appointmentReminder.count({ where: { tenantId: plain.id } })).toBe(0);
  });

  it('when the offline assistant books, then the appointment gets its reminders too', async () => {
    const clock = fixedClock(NOW);
    const tools = createSchedulingToolSet(schedulingToolDepsOf({ db, clock, logger: silentLogger }));
    const assistant = createOfflineAssistant({ db, clock, logger: silentLogger, tools });
    const { customer, conversation } = await createTestConversation(db, tenant.id);
    const ids = { tenantId: tenant.id, conversationId: conversation.id };
    const say = async (text: string, replyId: string) => {
      const message = await db.message.create({
        data: { ...ids, direction: 'inbound', author: 'customer', type: 'interactive', text, status: 'received' },
      });
      const run = await db.agentRun.create({ data: { ...ids, responder: 'offline', status: 'running' } });
      const input = {
        ...ids,
        customerId: customer.id,
        runId: run.id,
        signal: new AbortController().signal,
        messages: [{ id: message.id, type: message.type, text, replyId, createdAt: message.createdAt }],
      };
      await commitOutcome(db, input, await assistant.respond(input));
    };
    await say('Agendar horário', 'menu:book');
    await say('Corte', `svc:${corte().id}`);
    await say('Ana', `pro:${ana().id}`);
    await say('Qui 03/12', 'day:2026-12-03');
    await say('15:00', 'slot:2026-12-03T15:00');
    await say('Confirmar', 'confirm:yes');
    const appointment = await db.appointment.findFirstOrThrow({ where: { tenantId: tenant.id, customerId: customer.id } });
    expect(await reminderJobs(db, appointment.id)).toEqual([
      { key: `reminder:${appointment.id}:1440`, task: 'send-reminder', runAt: '2026-12-02T18:00:00.000Z' },
      { key: `reminder:${appointment.id}:120`, task: 'send-reminder', runAt: '2026-12-03T16:00:00.000Z' },
    ]);
  });

  it('when staff book, move and cancel through the admin API, then the reminders follow each change', async () => {
    const api = staffApi(agendaApp(db), tenant.apiKey);
    const created = await api.post('/admin/appointments', {
      professionalId: ana().id,
      serviceId: corte().id,
      start: '2026-12-04T10:00',
      customer: { name: 'Joana Souza', phone: '(21) 99876-5432' },
    });
    expect(created.status).toBe(201);
    const first = created.body.id as number;
    expect((await reminderJobs(db, first)).map((job) => job.runAt)).toEqual(['2026-12-03T13:00:00.000Z', '2026-12-04T11:00:00.000Z']);

    const moved = await api.post(`/admin/appointments/${first}/reschedule`, { start: '2026-12-04T11:00', notifyCustomer: false });
    expect(moved.status).toBe(200);
    const second = moved.body.appointment.id as number;
    expect(second).toBe(first);
    expect(await reminderJobs(db, second)).toMatchObject([
      { key: `reminder:${second}:1440`, runAt: '2026-12-03T14:00:00.000Z' },
      { key: `reminder:${second}:120`, runAt: '2026-12-04T12:00:00.000Z' },
    ]);

    const cancelled = await api.post(`/admin/appointments/${second}/cancel`, { notifyCustomer: false });
    expect(cancelled.status).toBe(200);
    expect(await reminderJobs(db, second)).toEqual([]);
    expect((await reminderRows(db, second)).map((row) => row.status)).toEqual(['removed', 'removed', 'removed', 'removed']);
  });

  it("when the reminder's own flow moves the appointment (Remarcar) or cancels it, then the new time gets reminders and a cancellation removes them", async () => {
    const customer = await createCustomer(db, tenant.id);
    const booked = await call<AgendarResult>(
      'agendar',
      { profissional_id: ana().id, servico_id: corte().id, inicio: '2026-12-05T09:00' },
      customer.context(),
    );
    const actor = { kind: 'customer_reminder' as const, customerId: customer.customerId };
    const now = new Date(NOW);
    const moved = accepted(
      await rescheduleAppointment(schedulingDepsOf(db), {
        tenantId: tenant.id,
        customerId: customer.customerId,
        appointmentId: booked.agendamento.agendamento_id,
        start: '2026-12-05T10:00',
        idempotencyKey: 'reminder-flow-move-1',
        now,
        policy: customerPolicy(actor, 'reminder'),
      }),
    );
    // The same appointment (booked by the bot); its history says the reminder's flow moved it.
    expect([moved.appointment.id, moved.appointment.source]).toEqual([booked.agendamento.agendamento_id, 'bot']);
    expect((await reminderJobs(db, moved.appointment.id)).map((job) => job.runAt)).toEqual([
      '2026-12-04T13:00:00.000Z',
      '2026-12-05T11:00:00.000Z',
    ]);
    await cancelAppointment(schedulingDepsOf(db), {
      tenantId: tenant.id,
      customerId: customer.customerId,
      appointmentId: moved.appointment.id,
      now,
      policy: customerPolicy(actor),
    });
    expect(await reminderJobs(db, moved.appointment.id)).toEqual([]);
  });

  it('when attendance is recorded while a reminder job is still queued (the queue was down), then that reminder is removed', async () => {
    const customer = await createCustomer(db, tenant.id);
    const booked = await call<AgendarResult>(
      'agendar',
      { profissional_id: ana().id, servico_id: corte().id, inicio: '2026-12-01T14:00' },
      customer.context(),
    );
    const id = booked.agendamento.agendamento_id;
    expect(await reminderJobs(db, id)).toHaveLength(1);
    await recordAttendance(schedulingDepsOf(db), {
      tenantId: tenant.id,
      appointmentId: id,
      status: 'no_show',
      actor: { kind: 'api_key', apiKeyId: 1 },
      now: new Date('2026-12-01T17:30:00Z'),
    });
    expect(await reminderJobs(db, id)).toEqual([]);
    expect(await reminderRows(db, id)).toMatchObject([{ status: 'removed', statusReason: 'no_show' }]);
  });
});
