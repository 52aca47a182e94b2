import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingDepsOf } from '../../../src/boot/index.js';
import type { Db } from '../../../src/db/index.js';
import {
  type AppointmentChanged,
  type AppointmentChangedHook,
  bookAppointment,
  botActor,
  cancelAppointment,
  confirmAppointment,
  customerPolicy,
  recordAttendance,
  rescheduleAppointment,
  type SchedulingDeps,
  staffPolicy,
} from '../../../src/scheduling/appointments/index.js';
import { normalizePhone } from '../../../src/scheduling/customers/index.js';
import { createTestTenant, type TestTenant } from '../../support/factories.js';
import { testDatabase } from '../../support/test-database.js';
import { accepted, createCustomer, NOW } from '../scheduling-test-kit.js';

const REMINDERS = [{ beforeMinutes: 120, template: 'lembrete_agendamento', language: 'pt_BR' }];

describe('the "appointment changed" hook', () => {
  let db: Db;
  let tenant: TestTenant;
  const now = new Date(NOW);

  beforeAll(async () => {
    db = (await testDatabase()).db;
    tenant = await createTestTenant(db, { reminders: REMINDERS });
  });

  /** A subscriber that records each event with what its transaction sees of the changed row at that moment. */
  function recorder(name: string, log: string[]): AppointmentChangedHook {
    return async (tx, event) => {
      const row = await tx.appointment.findUnique({ where: { id: event.appointment.id }, select: { status: true } });
      log.push(`${name}:${event.kind}:${event.appointment.id}:${event.appointment.status}:row=${row?.status}`);
    };
  }
  const withHooks = (...hooks: AppointmentChangedHook[]): SchedulingDeps => ({ db, onAppointmentChanged: hooks });
  const ana = () => tenant.professionals[0]!;
  const corte = () => tenant.services[0]!;

  it('when bot and staff book, move, confirm, cancel and record attendance, then every subscriber hears each change in order, inside its transaction', async () => {
    const log: string[] = [];
    const events: AppointmentChanged[] = [];
    const scheduling = withHooks(recorder('first', log), recorder('second', log), async (_tx, event) => {
      events.push(event);
    });
    const customer = await createCustomer(db, tenant.id);
    const bot = customerPolicy(botActor(9));
    const booked = accepted(
      await bookAppointment(scheduling, {
        tenantId: tenant.id,
        customer: { id: customer.customerId },
        professionalId: ana().id,
        serviceId: corte().id,
        start: '2026-12-03T10:00',
        idempotencyKey: 'hook-book-1',
        now,
        policy: bot,
      }),
    );
    const id = booked.appointment.id;
    const moved = accepted(
      await rescheduleAppointment(scheduling, {
        tenantId: tenant.id,
        customerId: customer.customerId,
        appointmentId: id,
        start: '2026-12-03T11:00',
        idempotencyKey: 'hook-move-1',
        now,
        policy: bot,
      }),
    );
    if (moved.kind !== 'moved') throw new Error('expected a move');
    // A move keeps the id.
    expect(moved.appointment.id).toBe(id);
    const newId = moved.appointment.id;
    await confirmAppointment(scheduling, { tenantId: tenant.id, appointmentId: newId, actor: botActor(9), now });
    const staff = staffPolicy({ kind: 'api_key', apiKeyId: 1 }, { outsideHours: false });
    await cancelAppointment(scheduling, { tenantId: tenant.id, appointmentId: newId, now, policy: staff });
    // Cancelling again changes nothing: nobody is told twice.
    await cancelAppointment(scheduling, { tenantId: tenant.id, appointmentId: newId, now, policy: staff });
    const walkIn = accepted(
      await bookAppointment(scheduling, {
        tenantId: tenant.id,
        customer: { phone: normalizePhone('(11) 95555-0101')!, name: 'Walk-in' },
        professionalId: ana().id,
        serviceId: corte().id,
        start: '2026-12-01T09:05',
        idempotencyKey: 'hook-walk-in-1',
        now,
        policy: staff,
      }),
    );
    await recordAttendance(scheduling, {
      tenantId: tenant.id,
      appointmentId: walkIn.appointment.id,
      status: 'attended',
      actor: { kind: 'api_key', apiKeyId: 1 },
      now: new Date('2026-12-01T12:10:00Z'),
    });

    const walkInId = walkIn.appointment.id;
    const twice = (line: string) => [`first:${line}`, `second:${line}`];
    expect(log).toEqual([
      ...twice(`booked:${id}:booked:row=booked`),
      ...twice(`moved:${newId}:booked:row=booked`),
      ...twice(`status_changed:${newId}:confirmed:row=confirmed`),
      ...twice(`cancelled:${newId}:cancelled:row=cancelled`),
      ...twice(`booked:${walkInId}:booked:row=booked`),
      ...twice(`status_changed:${walkInId}:attended:row=attended`),
    ]);
    expect(events[1]).toMatchObject({
      kind: 'moved',
      previous: { id, status: 'booked', startsAt: new Date('2026-12-03T13:00:00Z') },
      appointment: {
        id,
        startsAt: new Date('2026-12-03T14:00:00Z'),
        customerId: customer.customerId,
        professionalId: ana().id,
        serviceId: corte().id,
        source: 'bot',
      },
      actor: { kind: 'bot_run', runId: 9 },
      at: now,
    });
    expect(events[3]).toMatchObject({ kind: 'cancelled', from: 'confirmed', actor: { kind: 'api_key', apiKeyId: 1 } });
    expect(events[4]).toMatchObject({ kind: 'booked', appointment: { source: 'staff' } });
  });

  it('when a subscriber throws, then the change rolls back with everything the others wrote', async () => {
    const customer = await createCustomer(db, tenant.id);
    const failing = withHooks(schedulingDepsOf(db).onAppointmentChanged[0]!, async () => {
      throw new Error('subscriber down');
    });
    await expect(
      bookAppointment(failing, {
        tenantId: tenant.id,
        customer: { id: customer.customerId },
        professionalId: ana().id,
        serviceId: corte().id,
        start: '2026-12-04T10:00',
        idempotencyKey: 'hook-book-fails',
        now,
        policy: customerPolicy(botActor(null)),
      }),
    ).rejects.toThrow('subscriber down');
    expect(await db.appointment.count({ where: { tenantId: tenant.id, idempotencyKey: 'hook-book-fails' } })).toBe(0);
    expect(await db.appointmentReminder.count({ where: { tenantId: tenant.id, customerId: customer.customerId } })).toBe(0);
  });

  it('when the domain is given no subscribers, then a booking schedules no reminder: reminders come only through the hook', async () => {
    const customer = await createCustomer(db, tenant.id);
    const request = {
      tenantId: tenant.id,
      professionalId: ana().id,
      serviceId: corte().id,
      now,
      policy: customerPolicy(botActor(null)),
    };
    const bare = accepted(
      await bookAppointment(withHooks(), {
        ...request,
        customer: { id: customer.customerId },
        start: '2026-12-04T14:00',
        idempotencyKey: 'hook-bare',
      }),
    );
    const wired = accepted(
      await bookAppointment(schedulingDepsOf(db), {
        ...request,
        customer: { id: customer.customerId },
        start: '2026-12-04T15:00',
        idempotencyKey: 'hook-wired',
      }),
    );
    expect(await db.appointmentReminder.count({ where: { appointmentId: bare.appointment.id } })).toBe(0);
    expect(await db.appointmentReminder.count({ where: { appointmentId: wired.appointment.id } })).toBe(1);
  });
});
