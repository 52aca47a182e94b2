import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../src/db/index.js';
import { findFreeSlots } from '../../../src/scheduling/availability/index.js';
import { testDatabase } from '../../support/test-database.js';
import { now, visitSalon } from '../appointments/visit-test-kit.js';
import { createCustomer, insertAppointment, refusal, schedulingTools } from '../scheduling-test-kit.js';

/**
 * A small calendar: the salon's one lavatório, needed by the escova (30 min + 10 min buffer)
 * that Ana and Bia both do. Bia's escova holds it on Wednesday 14:00–14:40 (local).
 */
async function calendar(db: Db) {
  const salon = await visitSalon(db);
  const { tenant, bia, escova } = salon;
  const other = await createCustomer(db, tenant.id);
  await insertAppointment(db, {
    tenantId: tenant.id,
    professionalId: bia.id,
    serviceId: escova.id,
    customerId: other.customerId,
    startsAt: '2026-12-02T17:00:00Z',
    endsAt: '2026-12-02T17:30:00Z',
  });
  await db.appointment.updateMany({ where: { tenantId: tenant.id }, data: { bufferAfterMinutes: 10 } });
  return { ...salon, other };
}

describe('single-service searches respect resources and buffers', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await testDatabase()).db;
  });

  it('when a customer asks Ana for an escova while Bia’s escova holds the only lavatório, then it is refused with the nearest starts where the lavatório is free', async () => {
    const { tenant, ana, escova } = await calendar(db);
    const customer = await createCustomer(db, tenant.id);
    const message = await refusal(
      schedulingTools(db)('agendar', { profissional_id: ana.id, servico_id: escova.id, inicio: '2026-12-02T14:00' }, customer.context()),
      'resource_taken',
    );
    // Ana's escova holds the lavatório 40 minutes: 13:15 ends it at 13:55, 14:45 starts after 14:40; nothing between.
    expect(message).toContain('2026-12-02T13:00');
    expect(message).toContain('2026-12-02T13:15');
    expect(message).toContain('2026-12-02T14:45');
    expect(message).not.toContain('2026-12-02T13:45');
    expect(message).not.toContain('2026-12-02T14:15');
    expect(await db.appointment.count({ where: { tenantId: tenant.id } })).toBe(1);
  });

  it('when the lavatório is held all of the next working day, then the next date offered for an escova is the day after', async () => {
    const { tenant, ana, bia, escova, other } = await calendar(db);
    // Monday 07/12, 08:00–19:00 local: the lavatório is never free while Ana works.
    await insertAppointment(db, {
      tenantId: tenant.id,
      professionalId: bia.id,
      serviceId: escova.id,
      customerId: other.customerId,
      startsAt: '2026-12-07T11:00:00Z',
      endsAt: '2026-12-07T22:00:00Z',
    });
    // Sunday: Ana does not work; the next date with a free escova skips Monday.
    const sunday = await findFreeSlots(db, { tenantId: tenant.id, professionalId: ana.id, serviceId: escova.id, date: '2026-12-06', now });
    expect(sunday).toMatchObject({ kind: 'refused', refusal: { kind: 'no_working_hours', nextDate: '2026-12-08' } });
    // The corte needs no lavatório: Monday is offered for it.
    const corte = tenant.services.find((service) => service.key === 'corte')!;
    const forCorte = await findFreeSlots(db, { tenantId: tenant.id, professionalId: ana.id, serviceId: corte.id, date: '2026-12-06', now });
    expect(forCorte).toMatchObject({ kind: 'refused', refusal: { kind: 'no_working_hours', nextDate: '2026-12-07' } });
  });

  it('when Bia’s escova buffer still holds the lavatório, then Ana’s escova is not offered until it ends', async () => {
    const { tenant, ana, escova } = await calendar(db);
    const day = await findFreeSlots(db, { tenantId: tenant.id, professionalId: ana.id, serviceId: escova.id, date: '2026-12-02', now });
    const labels = day.kind === 'day' ? day.day.slots.map((slot) => new Date(slot).toISOString().slice(11, 16)) : [];
    // 14:40 local is 17:40Z: the buffer ends then; a 14:30 start (17:30Z) would overlap it.
    expect(labels).not.toContain('17:30');
    expect(labels).toContain('17:45');
  });
});
