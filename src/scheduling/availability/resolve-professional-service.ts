import type { Queryable } from '../../db/index.js';
import { type AvailabilityRefusal, type Named, type Refused, refused } from './availability-refusal.js';
import type { BookableService, ProfessionalSchedule } from './load-schedule.js';

export type ProfessionalService = { kind: 'resolved'; professional: Named; service: BookableService } | Refused<AvailabilityRefusal>;

/**
 * The professional and service a request is about, checked against the tenant: unknown,
 * inactive and other tenants' ids are "not found"; a service the professional does not
 * offer is refused naming who does. Without `serviceId` the professional's shortest
 * service is used (it shows the most start times).
 */
export async function resolveProfessionalService(
  db: Queryable,
  tenantId: number,
  schedule: ProfessionalSchedule,
  request: { professionalId: number; serviceId?: number | null },
): Promise<ProfessionalService> {
  const professional = schedule.professional;
  if (!professional) return refused({ kind: 'professional_not_found', professionalId: request.professionalId });
  if (request.serviceId === undefined || request.serviceId === null) {
    const shortest = schedule.offeredServices[0];
    if (!shortest) return refused({ kind: 'no_services_offered', professional });
    return { kind: 'resolved', professional, service: shortest };
  }
  const service = schedule.service;
  if (!service) return refused({ kind: 'service_not_found', serviceId: request.serviceId });
  if (!schedule.offeredServices.some((offered) => offered.id === service.id)) {
    const offeredBy = await db.professional.findMany({
      // A variant is done by whoever does it or its parent.
      where: {
        tenantId,
        active: true,
        services: { some: { service: { OR: [{ id: service.id }, { variants: { some: { id: service.id } } }] } } },
      },
      select: { id: true, name: true },
      orderBy: { name: 'asc' },
    });
    return refused({ kind: 'service_not_offered', professional, service, offeredBy });
  }
  return { kind: 'resolved', professional, service };
}
