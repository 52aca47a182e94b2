import type { Db } from '../../../src/db/index.js';
import {
  type BookingPolicy,
  bookVisit,
  botActor,
  customerPolicy,
  rescheduleAppointment,
  type SchedulingDeps,
} from '../../../src/scheduling/appointments/index.js';
import { createTestTenant } from '../../support/factories.js';
import { NOW } from '../scheduling-test-kit.js';

/** Wednesday after NOW: Ana works 09:00–12:00 and 13:00–18:00, Bia 10:00–19:00. */
export const DAY = '2026-12-02';
export const now = new Date(NOW);

/**
 * The test salon plus "Escova" (30 min, R$ 50,00, 10 min buffer) needing the one "Lavatório";
 * Ana and Bia both do it; the corte costs R$ 60,00.
 */
export async function visitSalon(db: Db, options: { reminders?: unknown[] } = {}) {
  const tenant = await createTestTenant(db, options.reminders ? { reminders: options.reminders } : {});
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
  const { name } = await db.tenant.findUniqueOrThrow({ where: { id: tenant.id }, select: { name: true } });
  return { tenant: { ...tenant, name }, ana, bia, corte, coloracao, escova, lavatorio };
}

/** Books a visit for the conversation's customer under the customer's rules. */
export const bookVisitAs = (
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
    // Keys are unique across tenants: each test's tenant makes its own.
    idempotencyKey: `${key}@${tenantId}`,
    now,
    policy: customerPolicy(botActor(null)),
  });

/** Moves one appointment (of a visit or not) for the customer, or for staff when `policy` says so. */
export const moveAs = (
  scheduling: SchedulingDeps,
  request: { tenantId: number; customerId?: number; appointmentId: number; start: string; key: string; policy?: BookingPolicy },
) =>
  rescheduleAppointment(scheduling, {
    tenantId: request.tenantId,
    ...(request.customerId !== undefined ? { customerId: request.customerId } : {}),
    appointmentId: request.appointmentId,
    start: request.start,
    idempotencyKey: `${request.key}@${request.tenantId}`,
    now,
    policy: request.policy ?? customerPolicy(botActor(null)),
  });
