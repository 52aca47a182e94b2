import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingDepsOf } from '../../../src/boot/index.js';
import type { Db } from '../../../src/db/index.js';
import { rescheduleAppointment, type SchedulingDeps, staffPolicy } from '../../../src/scheduling/appointments/index.js';
import { localTimeOf } from '../../../src/shared/index.js';
import { testDatabase } from '../../support/test-database.js';
import { accepted, createCustomer, insertAppointment, overlappingPairs, refusedAs } from '../scheduling-test-kit.js';
import { bookVisitAs, DAY, moveAs, now, visitSalon } from './visit-test-kit.js';

/** Each row of the tenant: id, status, service/professional@local start, visit id, rescheduled from (older moves only), in id order. */
async function rowsOf(db: Db, tenantId: number, timezone: string) {
  const rows = await db.appointment.findMany({
    where: { tenantId },
    orderBy: { id: 'asc' },
    select: { id: true, status: true, startsAt: true, visitId: true, rescheduledFromId: true, service: true, professional: true },
  });
  return rows.map((row) => ({
    id: row.id,
    status: row.status,
    what: `${row.service.name}/${row.professional.name}@${localTimeOf(row.startsAt.getTime(), timezone)}`,
    visitId: row.visitId,
    rescheduledFromId: row.rescheduledFromId,
  }));
}

describe('moving a visit moves all of it', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await testDatabase()).db;
  });

  it('when a later service of a two-service visit is moved, then both move together in place, keeping ids, visit, order, offsets and professionals', async () => {
    const { tenant, ana, bia, corte, escova } = await visitSalon(db);
    const customer = await createCustomer(db, tenant.id);
    const items = [
      { serviceId: corte.id, professionalId: bia.id },
      { serviceId: escova.id, professionalId: ana.id },
    ];
    const booked = accepted(await bookVisitAs(schedulingDepsOf(db), tenant.id, customer.customerId, items, `${DAY}T10:00`, 'v'));
    const [corteRow, escovaRow] = booked.appointments;

    // The escova (second, 10:30) to 15:30: the corte before it goes to 15:00.
    const moved = accepted(
      await moveAs(schedulingDepsOf(db), {
        tenantId: tenant.id,
        customerId: customer.customerId,
        appointmentId: escovaRow!.id,
        start: `${DAY}T15:30`,
        key: 'move-1',
      }),
    );
    expect(moved.kind).toBe('moved');
    if (moved.kind !== 'moved') return;
    expect(moved.visit?.visitId).toBe(booked.visitId);
    const rows = await rowsOf(db, tenant.id, tenant.timezone);
    expect(rows.map(({ id, status, what, visitId, rescheduledFromId }) => [id, status, what, visitId, rescheduledFromId])).toEqual([
      [corteRow!.id, 'booked', 'Corte/Bia@15:00', booked.visitId, null],
      [escovaRow!.id, 'booked', 'Escova/Ana@15:30', booked.visitId, null],
    ]);
    expect(moved.appointment.id).toBe(escovaRow!.id);
    expect(localTimeOf(moved.previous.startsAt.getTime(), tenant.timezone)).toBe('10:30');
    expect(moved.visit!.appointments.map((row) => row.id)).toEqual([corteRow!.id, escovaRow!.id]);
    const history = await db.appointmentEvent.findMany({
      where: { tenantId: tenant.id, change: 'rescheduled' },
      orderBy: { id: 'asc' },
      select: { appointmentId: true, idempotencyKey: true },
    });
    expect(history).toEqual([
      { appointmentId: corteRow!.id, idempotencyKey: `move-1@${tenant.id}#1` },
      { appointmentId: escovaRow!.id, idempotencyKey: `move-1@${tenant.id}` },
    ]);

    // The same call again changes nothing.
    const again = await moveAs(schedulingDepsOf(db), {
      tenantId: tenant.id,
      customerId: customer.customerId,
      appointmentId: escovaRow!.id,
      start: `${DAY}T15:30`,
      key: 'move-1',
    });
    expect(again.kind).toBe('unchanged');
    expect(await db.appointment.count({ where: { tenantId: tenant.id } })).toBe(2);
  });

  it('when a back-to-back visit of one professional moves into its own old time and staff give its later service to another professional, then it all moves in place', async () => {
    const { tenant, ana, bia, corte, escova } = await visitSalon(db);
    const customer = await createCustomer(db, tenant.id);
    const items = [
      { serviceId: corte.id, professionalId: ana.id },
      { serviceId: escova.id, professionalId: ana.id },
    ];
    const booked = accepted(await bookVisitAs(schedulingDepsOf(db), tenant.id, customer.customerId, items, `${DAY}T10:00`, 'b2b'));
    const [corteRow, escovaRow] = booked.appointments;
    // The escova 10:30 → 10:45 with Bia: the corte goes 10:15–10:45, over the escova's old 10:30 (Ana).
    const moved = accepted(
      await rescheduleAppointment(schedulingDepsOf(db), {
        tenantId: tenant.id,
        appointmentId: escovaRow!.id,
        start: `${DAY}T10:45`,
        professionalId: bia.id,
        idempotencyKey: `b2b-move@${tenant.id}`,
        now,
        policy: staffPolicy({ kind: 'staff_account', staffAccountId: 1 }, { outsideHours: false }),
      }),
    );
    expect(moved.kind).toBe('moved');
    expect((await rowsOf(db, tenant.id, tenant.timezone)).map(({ id, status, what }) => [id, status, what])).toEqual([
      [corteRow!.id, 'booked', 'Corte/Ana@10:15'],
      [escovaRow!.id, 'booked', 'Escova/Bia@10:45'],
    ]);
    expect(await overlappingPairs(db, tenant.id)).toEqual([]);
  });

  it('when the second service no longer fits at the new start, then nothing moves and the refusal offers starts where the visit fits', async () => {
    const { tenant, ana, bia, corte, escova } = await visitSalon(db);
    const customer = await createCustomer(db, tenant.id);
    const other = await createCustomer(db, tenant.id);
    const items = [
      { serviceId: corte.id, professionalId: bia.id },
      { serviceId: escova.id, professionalId: ana.id },
    ];
    const booked = accepted(await bookVisitAs(schedulingDepsOf(db), tenant.id, customer.customerId, items, `${DAY}T10:00`, 'v'));
    // Ana is taken 15:30–16:00: the corte alone would fit at 15:00 with Bia, the escova after it does not.
    await insertAppointment(db, {
      tenantId: tenant.id,
      professionalId: ana.id,
      serviceId: corte.id,
      customerId: other.customerId,
      startsAt: '2026-12-02T18:30:00Z',
      endsAt: '2026-12-02T19:00:00Z',
    });
    const before = await rowsOf(db, tenant.id, tenant.timezone);
    const outcome = await moveAs(schedulingDepsOf(db), {
      tenantId: tenant.id,
      customerId: customer.customerId,
      appointmentId: booked.appointments[0]!.id,
      start: `${DAY}T15:00`,
      key: 'move-2',
    });
    const refusal = refusedAs(outcome, 'visit_not_fit') as unknown as { reason: string; alternatives: string[] };
    expect(refusal.reason).toBe('busy');
    // Fits where the escova ends before 15:30 with its buffer (corte 14:15) or starts at 16:00 (corte 15:30): nearest first, then in order.
    expect(refusal.alternatives).toEqual(['2026-12-02T14:15', '2026-12-02T15:30', '2026-12-02T15:45']);
    expect(await rowsOf(db, tenant.id, tenant.timezone)).toEqual(before);
  });

  it('when the visit would hold the lavatório someone else holds at the new time, then nothing moves', async () => {
    const { tenant, ana, bia, corte, escova } = await visitSalon(db);
    const customer = await createCustomer(db, tenant.id);
    const other = await createCustomer(db, tenant.id);
    const booked = accepted(
      await bookVisitAs(
        schedulingDepsOf(db),
        tenant.id,
        customer.customerId,
        [
          { serviceId: corte.id, professionalId: bia.id },
          { serviceId: escova.id, professionalId: ana.id },
        ],
        `${DAY}T10:00`,
        'v',
      ),
    );
    // Bia's escova holds the one lavatório 16:30–17:10.
    accepted(
      await bookVisitAs(
        schedulingDepsOf(db),
        tenant.id,
        other.customerId,
        [{ serviceId: escova.id, professionalId: bia.id }],
        `${DAY}T16:30`,
        'other',
      ),
    );
    const outcome = await moveAs(schedulingDepsOf(db), {
      tenantId: tenant.id,
      appointmentId: booked.appointments[0]!.id,
      start: `${DAY}T15:45`,
      key: 'staff-move',
      policy: staffPolicy({ kind: 'staff_account', staffAccountId: 1 }, { outsideHours: false }),
    });
    const refusal = refusedAs(outcome, 'visit_not_fit') as unknown as { reason: string };
    expect(refusal.reason).toBe('resource_taken');
    expect(await db.appointment.count({ where: { tenantId: tenant.id, status: 'booked' } })).toBe(3);
  });

  it('when another booking takes the second service’s new time while the move is being written, then the database refuses it and nothing moves', async () => {
    const { tenant, ana, bia, corte, escova } = await visitSalon(db);
    const customer = await createCustomer(db, tenant.id);
    const other = await createCustomer(db, tenant.id);
    const booked = accepted(
      await bookVisitAs(
        schedulingDepsOf(db),
        tenant.id,
        customer.customerId,
        [
          { serviceId: corte.id, professionalId: bia.id },
          { serviceId: escova.id, professionalId: ana.id },
        ],
        `${DAY}T10:00`,
        'v',
      ),
    );
    let intruded = false;
    const scheduling: SchedulingDeps = {
      db,
      onAppointmentChanged: [
        async (_tx, event) => {
          if (intruded || event.kind !== 'moved') return;
          intruded = true;
          // Another connection books Ana's 15:30 (the escova's new time) and commits while the move's transaction is open.
          await insertAppointment(db, {
            tenantId: tenant.id,
            professionalId: ana.id,
            serviceId: corte.id,
            customerId: other.customerId,
            startsAt: '2026-12-02T18:30:00Z',
            endsAt: '2026-12-02T19:00:00Z',
          });
        },
      ],
    };
    const outcome = await moveAs(scheduling, {
      tenantId: tenant.id,
      customerId: customer.customerId,
      appointmentId: booked.appointments[0]!.id,
      start: `${DAY}T15:00`,
      key: 'race',
    });
    refusedAs(outcome, 'slot_taken');
    const rows = await rowsOf(db, tenant.id, tenant.timezone);
    expect(rows.filter((row) => row.status === 'booked').map((row) => row.what)).toEqual([
      'Corte/Bia@10:00',
      'Escova/Ana@10:30',
      'Corte/Ana@15:30',
    ]);
    expect(await overlappingPairs(db, tenant.id)).toEqual([]);
  });
});
