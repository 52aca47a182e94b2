import { beforeAll, describe, expect, it } from 'vitest';
import { schedulingDepsOf } from '../../src/boot/index.js';
import { type Db, inTransaction } from '../../src/db/index.js';
import { bookVisit, botActor, cancelAppointment, customerPolicy, type SchedulingDeps } from '../../src/scheduling/appointments/index.js';
import { findFreeSlots, findVisitSlots } from '../../src/scheduling/availability/index.js';
import { localTimeOf } from '../../src/shared/index.js';
import { createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { accepted, createCustomer, insertAppointment, NOW, overlappingPairs, refusedAs } from './scheduling-test-kit.js';

const DAY = '2026-12-02';
const now = new Date(NOW);

/** The test salon plus "Escova" (30 min, R$ 50,00, 10 min buffer) needing the one "Lavatório"; Ana and Bia both do it. */
async function salon(db: Db) {
  const tenant = await createTestTenant(db);
  const [ana, bia] = [tenant.professionals.find((p) => p.name === 'Ana')!, tenant.professionals.find((p) => p.name === 'Bia')!];
  const corte = tenant.services.find((service) => service.key === 'corte')!;
  const coloracao = tenant.services.find((service) => service.key === 'coloracao')!;
  await db.service.update({ where: { id: corte.id }, data: { priceCents: 6000 } });
  const escova = await db.service.create({
    data: { tenantId: tenant.id, key: 'escova', name: 'Escova', durationMinutes: 30, priceCents: 5000, bufferAfterMinutes: 10 },
  });
  const lavatorio = await db.resource.create({ data: { tenantId: tenant.id, key: 'lavatorio', name: 'Lavatório', count: 1 } });
  await db.serviceResource.create({ data: { tenantId: tenant.id, serviceId: escova.id, resourceId: lavatorio.id } });
  await db.professionalService.createMany({
    data: [ana, bia].map((professional) => ({ tenantId: tenant.id, professionalId: professional.id, serviceId: escova.id })),
  });
  return { tenant, ana, bia, corte, coloracao, escova };
}

const visitOf = (
  scheduling: SchedulingDeps,
  tenantId: number,
  customerId: number,
  items: { serviceId: number; professionalId?: number }[],
  start: string,
  key: string,
) =>
  bookVisit(scheduling, {
    tenantId,
    customer: { id: customerId },
    items,
    start,
    idempotencyKey: key,
    now,
    policy: customerPolicy(botActor(null)),
  });

describe('visits: several services back to back, booked all or nothing', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await testDatabase()).db;
  });

  it('when a visit is booked, then its services follow one another (buffer included), each with its professional, price and the same visit id', async () => {
    const { tenant, ana, bia, corte, escova } = await salon(db);
    const customer = await createCustomer(db, tenant.id);
    const slots = accepted(
      await findVisitSlots(db, {
        tenantId: tenant.id,
        date: DAY,
        now,
        items: [{ serviceId: escova.id, professionalId: ana.id }, { serviceId: corte.id }],
      }),
    );
    const ten = slots.day.starts.find(({ start }) => localTimeOf(start, tenant.timezone) === '10:00')!;
    // Escova 10:00–10:30 with Ana, then the buffer, then the corte at 10:40 with Ana again (the same professional first).
    expect(
      ten.items.map((item) => [
        item.professional.name,
        localTimeOf(item.startsAt, tenant.timezone),
        localTimeOf(item.endsAt, tenant.timezone),
      ]),
    ).toEqual([
      ['Ana', '10:00', '10:30'],
      ['Ana', '10:40', '11:10'],
    ]);
    const booked = accepted(
      await visitOf(
        schedulingDepsOf(db),
        tenant.id,
        customer.customerId,
        [
          { serviceId: corte.id, professionalId: bia.id },
          { serviceId: escova.id, professionalId: ana.id },
        ],
        `${DAY}T10:00`,
        'visit-1',
      ),
    );
    expect(
      booked.appointments.map((row) => [
        row.professional.name,
        row.service.name,
        localTimeOf(row.startsAt.getTime(), tenant.timezone),
        row.priceCents,
        row.visitId,
      ]),
    ).toEqual([
      ['Bia', 'Corte', '10:00', 6000, booked.visitId],
      ['Ana', 'Escova', '10:30', 5000, booked.visitId],
    ]);
    const again = accepted(
      await visitOf(
        schedulingDepsOf(db),
        tenant.id,
        customer.customerId,
        [
          { serviceId: corte.id, professionalId: bia.id },
          { serviceId: escova.id, professionalId: ana.id },
        ],
        `${DAY}T10:00`,
        'visit-1',
      ),
    );
    expect(again).toMatchObject({ alreadyExisted: true, visitId: booked.visitId });
    expect(await db.appointment.count({ where: { tenantId: tenant.id } })).toBe(2);
  });

  it('when any row of a visit is cancelled, then the whole visit is cancelled, each row with its history', async () => {
    const { tenant, ana, bia, corte, escova } = await salon(db);
    const customer = await createCustomer(db, tenant.id);
    const items = [
      { serviceId: corte.id, professionalId: bia.id },
      { serviceId: escova.id, professionalId: ana.id },
    ];
    const booked = accepted(await visitOf(schedulingDepsOf(db), tenant.id, customer.customerId, items, `${DAY}T15:00`, 'to-cancel'));
    const second = booked.appointments[1]!;
    const outcome = await cancelAppointment(schedulingDepsOf(db), {
      tenantId: tenant.id,
      customerId: customer.customerId,
      appointmentId: second.id,
      now,
      policy: customerPolicy(botActor(null)),
    });
    expect(outcome.kind).toBe('changed');
    const rows = await db.appointment.findMany({ where: { visitId: booked.visitId }, include: { events: true }, orderBy: { id: 'asc' } });
    expect(rows.map((row) => row.status)).toEqual(['cancelled', 'cancelled']);
    expect(rows.map((row) => row.events.map((event) => event.change))).toEqual([
      ['created', 'cancelled'],
      ['created', 'cancelled'],
    ]);
  });

  it('when the visit would end after closing, then it is refused naming the starts where it fits, and nothing is booked', async () => {
    const { tenant, ana, corte, coloracao } = await salon(db);
    const customer = await createCustomer(db, tenant.id);
    const outcome = await visitOf(
      schedulingDepsOf(db),
      tenant.id,
      customer.customerId,
      [
        { serviceId: corte.id, professionalId: ana.id },
        { serviceId: coloracao.id, professionalId: ana.id },
      ],
      `${DAY}T16:30`,
      'late',
    );
    const refusal = refusedAs(outcome, 'visit_not_fit') as unknown as { reason: string; alternatives: string[] };
    expect(refusal.reason).toBe('outside_hours');
    expect(refusal.alternatives).toEqual(['2026-12-02T15:30', '2026-12-02T15:45', '2026-12-02T16:00']);
    expect(await db.appointment.count({ where: { tenantId: tenant.id } })).toBe(0);
  });

  it('when the second service is taken by a concurrent booking while the visit is being written, then the whole visit rolls back: nothing is booked', async () => {
    const { tenant, ana, bia, corte } = await salon(db);
    const customer = await createCustomer(db, tenant.id);
    const other = await createCustomer(db, tenant.id);
    let intruded = false;
    const scheduling: SchedulingDeps = {
      db,
      onAppointmentChanged: [
        async () => {
          if (intruded) return;
          intruded = true;
          // Another connection books Bia's 14:30 and commits while the visit's transaction is open.
          await insertAppointment(db, {
            tenantId: tenant.id,
            professionalId: bia.id,
            serviceId: corte.id,
            customerId: other.customerId,
            startsAt: '2026-12-02T17:30:00Z',
            endsAt: '2026-12-02T18:00:00Z',
          });
        },
      ],
    };
    const outcome = await visitOf(
      scheduling,
      tenant.id,
      customer.customerId,
      [
        { serviceId: corte.id, professionalId: ana.id },
        { serviceId: corte.id, professionalId: bia.id },
      ],
      `${DAY}T14:00`,
      'race',
    );
    refusedAs(outcome, 'slot_taken');
    expect(await db.appointment.count({ where: { tenantId: tenant.id, customerId: customer.customerId } })).toBe(0);
    expect(await db.appointment.count({ where: { tenantId: tenant.id } })).toBe(1);
  });

  it('when two customers book the last unit of a resource at once, with different professionals, then exactly one gets it', async () => {
    const { tenant, ana, bia, escova } = await salon(db);
    for (const time of ['14:00', '15:00', '16:00']) {
      const [first, second] = [await createCustomer(db, tenant.id), await createCustomer(db, tenant.id)];
      const outcomes = await Promise.all([
        visitOf(
          schedulingDepsOf(db),
          tenant.id,
          first.customerId,
          [{ serviceId: escova.id, professionalId: ana.id }],
          `${DAY}T${time}`,
          `a-${time}`,
        ),
        visitOf(
          schedulingDepsOf(db),
          tenant.id,
          second.customerId,
          [{ serviceId: escova.id, professionalId: bia.id }],
          `${DAY}T${time}`,
          `b-${time}`,
        ),
      ]);
      expect(outcomes.filter((outcome) => outcome.kind === 'booked')).toHaveLength(1);
      const loser = outcomes.find((outcome) => outcome.kind === 'refused') as { refusal: { kind: string; reason?: string } };
      expect(loser.refusal.kind === 'resource_taken' || loser.refusal.reason === 'resource_taken').toBe(true);
    }
    expect(await db.appointment.count({ where: { tenantId: tenant.id, status: 'booked' } })).toBe(3);
    expect(await overlappingPairs(db, tenant.id)).toEqual([]);
  });

  it('when the only lavatório is taken at a time, then the one-service search of another professional does not offer that time either', async () => {
    const { tenant, ana, bia, escova } = await salon(db);
    const customer = await createCustomer(db, tenant.id);
    accepted(
      await visitOf(
        schedulingDepsOf(db),
        tenant.id,
        customer.customerId,
        [{ serviceId: escova.id, professionalId: ana.id }],
        `${DAY}T14:00`,
        'lav',
      ),
    );
    const bias = accepted(await findFreeSlots(db, { tenantId: tenant.id, professionalId: bia.id, serviceId: escova.id, date: DAY, now }));
    const labels = bias.day.slots.map((slot) => localTimeOf(slot, tenant.timezone));
    // Ana's escova holds it 14:00–14:40 (buffer included); Bia's holds it 40 minutes too: 13:15 or 14:45, nothing between.
    expect(labels).toContain('13:15');
    expect(labels).toContain('14:45');
    expect(labels.filter((label) => label > '13:15' && label < '14:45')).toEqual([]);
  });

  it('the database itself refuses a second holder of a one-unit resource, even from a transaction that waited on the first', async () => {
    const { tenant, ana, bia, escova } = await salon(db);
    const customer = await createCustomer(db, tenant.id);
    const row = (professionalId: number) => ({
      tenantId: tenant.id,
      professionalId,
      serviceId: escova.id,
      customerId: customer.customerId,
      startsAt: new Date('2026-12-02T13:00:00Z'),
      endsAt: new Date('2026-12-02T13:30:00Z'),
      bufferAfterMinutes: 10,
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => {
      firstInserted = resolve;
    });
    const first = inTransaction(db, async (tx) => {
      await tx.appointment.create({ data: row(ana.id) });
      firstInserted();
      await gate;
    });
    await inserted;
    const second = db.appointment.create({ data: row(bia.id) }).then(
      () => 'inserted',
      (error: unknown) => String((error as { meta?: unknown }).meta ? JSON.stringify((error as { meta?: unknown }).meta) : error),
    );
    // The second insert waits on the first one's lock on the resource; once that commits it is refused.
    setTimeout(release, 300);
    await first;
    expect(await second).toContain('WA001');
    // The buffer counts as use: the lavatório is free again only from 13:40 (local 10:40).
    const later = (minute: string) => ({
      ...row(bia.id),
      startsAt: new Date(`2026-12-02T13:${minute}:00Z`),
      endsAt: new Date(`2026-12-02T14:${minute}:00Z`),
    });
    await expect(db.appointment.create({ data: later('35') })).rejects.toThrow();
    await expect(db.appointment.create({ data: later('40') })).resolves.toBeTruthy();
  });
});
