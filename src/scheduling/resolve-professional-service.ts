import type { Queryable } from '../db/index.js';
import { ToolDomainException } from '../shared/index.js';
import type { ProfessionalSchedule, ServiceInfo } from './load-schedule.js';
import { schedulingMessages } from './scheduling-messages.js';

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
): Promise<{ professional: { id: number; name: string }; service: ServiceInfo }> {
  const professional = schedule.professional;
  if (!professional)
    throw new ToolDomainException(schedulingMessages.professionalNotFound(request.professionalId), 'professional_not_found');
  if (request.serviceId === undefined || request.serviceId === null) {
    const shortest = schedule.offeredServices[0];
    if (!shortest) throw new ToolDomainException(schedulingMessages.noServicesOffered(professional.name), 'no_services_offered');
    return { professional, service: shortest };
  }
  const service = schedule.service;
  if (!service) throw new ToolDomainException(schedulingMessages.serviceNotFound(request.serviceId), 'service_not_found');
  if (!schedule.offeredServices.some((offered) => offered.id === service.id)) {
    const others = await db.professional.findMany({
      where: { tenantId, active: true, services: { some: { serviceId: service.id } } },
      select: { id: true, name: true },
      orderBy: { name: 'asc' },
    });
    throw new ToolDomainException(schedulingMessages.serviceNotOffered(professional.name, service.name, others), 'service_not_offered');
  }
  return { professional, service };
}
