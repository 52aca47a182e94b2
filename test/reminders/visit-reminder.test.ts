import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { actOnReminderTap } from '../../src/reminders/index.js';
import { botActor, cancelAppointment, customerPolicy } from '../../src/scheduling/appointments/index.js';
import { fixedClock } from '../../src/shared/index.js';
import { bookVisitAs, DAY, moveAs, now, visitSalon } from '../scheduling/appointments/visit-test-kit.js';
import { accepted, createCustomer, NOW } from '../scheduling/scheduling-test-kit.js';
import { testDatabase } from '../support/test-database.js';
import { REMINDERS, runReminderJob } from './reminder-send-kit.js';

/** A salon with reminders 24 h and 2 h before, and a customer's corte (Bia, 10:00) + escova (Ana, 10:30) visit tomorrow. */
async function remindedVisit(db: Db) {
  const salon = await visitSalon(db, { reminders: REMINDERS });
  const { tenant, ana, bia, corte, escova } = salon;
  const customer = await createCustomer(db, tenant.id);
  const items = [
    { serviceId: corte.id, professionalId: bia.id },
    { serviceId: escova.id, professionalId: ana.id },
  ];
  const visit = accepted(await bookVisitAs(schedulingDepsOf(db), tenant.id, customer.customerId, items, `${DAY}T10:00`, 'visit'));
  return { ...salon, customer, visit, scope: { tenantId: tenant.id, customerId: customer.customerId } };
}

const remindersOf = (db: Db, tenantId: number) =>
  db.appointmentReminder.findMany({
    where: { tenantId },
    orderBy: [{ id: 'asc' }],
    select: { id: true, appointmentId: true, beforeMinutes: true, startsAt: true, status: true, statusReason: true, payloadToken: true },
  });

describe('one reminder per visit', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await testDatabase()).db;
  });

  it('when a visit is booked, then only its first service gets reminders, and the reminder lists each service with its time and professional and the total', async () => {
    const { tenant, visit } = await remindedVisit(db);
    const [first] = visit.appointments;
    const reminders = await remindersOf(db, tenant.id);
    expect(reminders.map((reminder) => [reminder.appointmentId, reminder.beforeMinutes, reminder.startsAt])).toEqual([
      [first!.id, 1440, first!.startsAt],
      [first!.id, 120, first!.startsAt],
    ]);
    const outcome = await runReminderJob(db, { id: reminders[0]!.id, dueAt: new Date('2026-12-01T13:00:00Z') });
    expect(outcome.kind).toBe('queued');
    const message = await db.message.findFirstOrThrow({
      where: { tenantId: tenant.id, direction: 'outbound' },
      select: { text: true, payload: true },
    });
    expect(message.text).toBe(
      [
        `Olá, Maria! Lembrete da sua visita em qua 02/12 às 10:00 (${tenant.name}):`,
        '• 10:00 Corte com Bia',
        '• 10:30 Escova com Ana',
        'Total: R$ 110,00',
        'Você confirma sua presença? Toque em uma das opções abaixo.',
        '[Confirmar] [Remarcar] [Cancelar]',
      ].join('\n'),
    );
    expect(JSON.stringify(message.payload)).toContain('Corte 10:00 (Bia) + Escova 10:30 (Ana), total R$ 110,00');
    expect(JSON.stringify(message.payload)).toContain('"Bia e Ana"');
  });

  it('when the visit is cancelled through its second service, then its one reminder is removed', async () => {
    const { tenant, visit, scope } = await remindedVisit(db);
    const outcome = await cancelAppointment(schedulingDepsOf(db), {
      ...scope,
      appointmentId: visit.appointments[1]!.id,
      now,
      policy: customerPolicy(botActor(null)),
    });
    expect(outcome.kind).toBe('changed');
    expect((await remindersOf(db, tenant.id)).map((reminder) => [reminder.status, reminder.statusReason])).toEqual([
      ['removed', 'cancelled'],
      ['removed', 'cancelled'],
    ]);
  });

  it('when the visit is moved, then its reminder moves with it: the ones for the old time are removed and the first service gets new ones for its new time', async () => {
    const { tenant, visit, scope } = await remindedVisit(db);
    const moved = accepted(
      await moveAs(schedulingDepsOf(db), { ...scope, appointmentId: visit.appointments[1]!.id, start: `${DAY}T16:30`, key: 'm' }),
    );
    const newFirst = moved.kind === 'moved' ? moved.visit!.appointments[0]! : null;
    // The same first service (same id) at its new time.
    expect(newFirst?.id).toBe(visit.appointments[0]!.id);
    expect(newFirst?.startsAt).toEqual(new Date('2026-12-02T19:00:00Z'));
    expect(
      (await remindersOf(db, tenant.id)).map((reminder) => [
        reminder.appointmentId,
        reminder.beforeMinutes,
        reminder.status,
        reminder.statusReason,
      ]),
    ).toEqual([
      [visit.appointments[0]!.id, 1440, 'removed', 'rescheduled'],
      [visit.appointments[0]!.id, 120, 'removed', 'rescheduled'],
      [newFirst!.id, 1440, 'scheduled', null],
      [newFirst!.id, 120, 'scheduled', null],
    ]);
  });

  it('when the customer taps Confirmar on the visit’s reminder, then every service of the visit is confirmed and the answer lists them', async () => {
    const { tenant, visit, scope } = await remindedVisit(db);
    const [reminder] = await remindersOf(db, tenant.id);
    const outcome = await actOnReminderTap({ scheduling: schedulingDepsOf(db), clock: fixedClock(NOW) }, scope, {
      action: 'confirmar',
      token: reminder!.payloadToken,
    });
    const rows = await db.appointment.findMany({ where: { visitId: visit.visitId }, orderBy: { id: 'asc' }, select: { status: true } });
    expect(rows.map((row) => row.status)).toEqual(['confirmed', 'confirmed']);
    const reply = outcome.kind === 'answered' ? outcome.replies[0] : null;
    expect(reply && 'text' in reply ? reply.text : '').toContain('qua 02/12 às 10:00\n• 10:00 Corte com Bia\n• 10:30 Escova com Ana');
  });

  it('when the customer taps Cancelar on the visit’s reminder, then every service of the visit is cancelled', async () => {
    const { tenant, visit, scope } = await remindedVisit(db);
    const [reminder] = await remindersOf(db, tenant.id);
    const outcome = await actOnReminderTap({ scheduling: schedulingDepsOf(db), clock: fixedClock(NOW) }, scope, {
      action: 'cancelar',
      token: reminder!.payloadToken,
    });
    expect(outcome.kind).toBe('answered');
    const rows = await db.appointment.findMany({ where: { visitId: visit.visitId }, orderBy: { id: 'asc' }, select: { status: true } });
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
  });

  it('when the customer taps Remarcar on the visit’s reminder, then the responder is told the visit’s services, to be moved together', async () => {
    const { tenant, visit, scope, ana, bia, corte, escova } = await remindedVisit(db);
    const [reminder] = await remindersOf(db, tenant.id);
    const outcome = await actOnReminderTap({ scheduling: schedulingDepsOf(db), clock: fixedClock(NOW) }, scope, {
      action: 'remarcar',
      token: reminder!.payloadToken,
    });
    expect(outcome.kind).toBe('respond');
    if (outcome.kind !== 'respond') return;
    expect(outcome.reference.appointment.id).toBe(visit.appointments[0]!.id);
    expect(outcome.reference.appointment.visit).toEqual({
      id: visit.visitId,
      services: [
        {
          appointmentId: visit.appointments[0]!.id,
          serviceId: corte.id,
          professionalId: bia.id,
          service: 'Corte',
          professional: 'Bia',
          start: `${DAY}T10:00`,
        },
        {
          appointmentId: visit.appointments[1]!.id,
          serviceId: escova.id,
          professionalId: ana.id,
          service: 'Escova',
          professional: 'Ana',
          start: `${DAY}T10:30`,
        },
      ],
    });
  });
});
