import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingDepsOf } from '../../../src/boot/index.js';
import type { Db } from '../../../src/db/index.js';
import { rescheduleAppointment, staffPolicy } from '../../../src/scheduling/appointments/index.js';
import { createTestTenant, type TestTenant } from '../../support/factories.js';
import { testDatabase } from '../../support/test-database.js';
import { createCustomer, insertAppointment, NOW, overlappingPairs, waitForLockWaiter } from '../scheduling-test-kit.js';

const now = new Date(NOW);
const staff = () => staffPolicy({ kind: 'staff_account', staffAccountId: 1 }, { outsideHours: false });

describe('moves in place under concurrency', () => {
  let db: Db;
  let url: string;
  let tenant: TestTenant;

  beforeAll(async () => {
    ({ db, url } = await testDatabase());
    tenant = await createTestTenant(db);
  });

  const bookedAt = async (startsAt: string, professional = 0) => {
    const customer = await createCustomer(db, tenant.id);
    const start = new Date(startsAt);
    return insertAppointment(db, {
      tenantId: tenant.id,
      professionalId: tenant.professionals[professional]!.id,
      serviceId: tenant.services[0]!.id,
      customerId: customer.customerId,
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 30 * 60_000).toISOString(),
    });
  };
  const move = (appointmentId: number, start: string, key: string, professionalId?: number) =>
    rescheduleAppointment(schedulingDepsOf(db), {
      tenantId: tenant.id,
      appointmentId,
      start,
      ...(professionalId === undefined ? {} : { professionalId }),
      idempotencyKey: `${key}@${tenant.id}`,
      now,
      policy: staff(),
    });
  const historyOf = (appointmentId: number) =>
    db.appointmentEvent.findMany({ where: { appointmentId }, orderBy: { id: 'asc' }, select: { change: true, details: true } });

  it('when a cancellation holds the row while a move waits on it, then the move is refused once the cancellation commits and the row stays cancelled at its old time', async () => {
    const appointment = await bookedAt('2026-12-04T13:00:00Z');
    const canceller = new pg.Client({ connectionString: url });
    await canceller.connect();
    try {
      await canceller.query('BEGIN');
      await canceller.query('SELECT id FROM appointments WHERE id = $1 FOR UPDATE', [appointment.id]);
      await canceller.query(`UPDATE appointments SET status = 'cancelled', cancelled_at = now() WHERE id = $1`, [appointment.id]);
      const moving = move(appointment.id, '2026-12-04T15:00', 'vs-cancel');
      await waitForLockWaiter(canceller);
      await canceller.query('COMMIT');
      const outcome = await moving;
      expect(outcome).toMatchObject({ kind: 'refused', refusal: { kind: 'appointment_cancelled', appointmentId: appointment.id } });
    } finally {
      await canceller.end();
    }
    const row = await db.appointment.findUniqueOrThrow({ where: { id: appointment.id } });
    expect([row.status, row.startsAt.toISOString(), row.rescheduledAt]).toEqual(['cancelled', '2026-12-04T13:00:00.000Z', null]);
    expect(await historyOf(appointment.id)).toEqual([]);
  });

  it('when the same move request arrives twice at once, then the appointment moves once and the other call reads as unchanged', async () => {
    const appointment = await bookedAt('2026-12-07T13:00:00Z');
    const outcomes = await Promise.all([
      move(appointment.id, '2026-12-07T16:00', 'twice'),
      move(appointment.id, '2026-12-07T16:00', 'twice'),
    ]);
    expect(outcomes.map((outcome) => outcome.kind).sort()).toEqual(['moved', 'unchanged']);
    expect((await historyOf(appointment.id)).map((entry) => entry.change)).toEqual(['rescheduled']);
    const row = await db.appointment.findUniqueOrThrow({ where: { id: appointment.id } });
    expect([row.status, row.startsAt.toISOString(), row.revision]).toEqual(['booked', '2026-12-07T19:00:00.000Z', 1]);
  });

  it('when two receptionists move one appointment to different times at once, then the moves queue on its row: both are recorded, the second from where the first left it', async () => {
    const appointment = await bookedAt('2026-12-08T13:00:00Z');
    const outcomes = await Promise.all([
      move(appointment.id, '2026-12-08T14:00', 'desk-a'),
      move(appointment.id, '2026-12-08T15:00', 'desk-b', tenant.professionals[1]!.id),
    ]);
    expect(outcomes.map((outcome) => outcome.kind)).toEqual(['moved', 'moved']);
    const history = await historyOf(appointment.id);
    const steps = history.map((entry) => (entry.details as { startsAt: { from: string; to: string } }).startsAt);
    expect(steps).toHaveLength(2);
    expect(steps[0]!.from).toBe('2026-12-08T13:00:00.000Z');
    expect(steps[1]!.from).toBe(steps[0]!.to);
    const row = await db.appointment.findUniqueOrThrow({ where: { id: appointment.id } });
    expect(row.startsAt.toISOString()).toBe(steps[1]!.to);
    expect(row.revision).toBe(2);
    expect(await db.appointment.count({ where: { tenantId: tenant.id, customerId: appointment.customerId } })).toBe(1);
  });

  it('when eight appointments are moved at once onto one free time, then one holds it and seven keep their own times, with no overlap', async () => {
    const originals = await Promise.all(Array.from({ length: 8 }, (_, index) => bookedAt(`2026-12-09T${13 + index}:00:00Z`, 1)));
    const outcomes = await Promise.all(originals.map((row, index) => move(row.id, '2026-12-09T18:30', `race-${index}`)));
    expect(outcomes.filter((outcome) => outcome.kind === 'moved')).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.kind === 'refused')) {
      expect(outcome).toMatchObject({ refusal: { kind: 'slot_taken' } });
    }
    const rows = await db.appointment.findMany({ where: { id: { in: originals.map((row) => row.id) } }, orderBy: { id: 'asc' } });
    expect(rows.every((row) => row.status === 'booked')).toBe(true);
    expect(rows.filter((row) => row.startsAt.toISOString() === '2026-12-09T21:30:00.000Z')).toHaveLength(1);
    expect(await overlappingPairs(db, tenant.id)).toEqual([]);
  });
});
