import type { Queryable } from '../../db/index.js';

/** A service as booking needs it: its id, name and duration. */
export interface ServiceInfo {
  id: number;
  name: string;
  durationMinutes: number;
}

export interface ServiceWithProfessionals extends ServiceInfo {
  professionals: { id: number; name: string }[];
}

export interface ProfessionalWithServices {
  id: number;
  name: string;
  services: ServiceInfo[];
}

/** The tenant's active services, each with the active professionals who do it. */
export async function listServices(db: Queryable, tenantId: number): Promise<ServiceWithProfessionals[]> {
  const rows = await db.service.findMany({
    where: { tenantId, active: true },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      name: true,
      durationMinutes: true,
      professionals: {
        where: { professional: { tenantId, active: true } },
        select: { professional: { select: { id: true, name: true } } },
      },
    },
  });
  return rows.map(({ professionals, ...service }) => ({
    ...service,
    professionals: professionals.map((link) => link.professional).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
  }));
}

/**
 * The tenant's active professionals with the active services each offers; with `serviceId`,
 * only those who offer it (null when that service is not one of the tenant's active ones).
 */
export async function listProfessionals(
  db: Queryable,
  tenantId: number,
  serviceId?: number | null,
): Promise<ProfessionalWithServices[] | null> {
  if (serviceId !== undefined && serviceId !== null) {
    const service = await db.service.findFirst({ where: { id: serviceId, tenantId, active: true }, select: { id: true } });
    if (!service) return null;
  }
  const rows = await db.professional.findMany({
    where: { tenantId, active: true, ...(serviceId ? { services: { some: { serviceId } } } : {}) },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      name: true,
      services: {
        where: { service: { tenantId, active: true } },
        select: { service: { select: { id: true, name: true, durationMinutes: true } } },
      },
    },
  });
  return rows.map(({ services, ...professional }) => ({
    ...professional,
    services: services.map((link) => link.service).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')),
  }));
}
