import type { Queryable } from '../../db/index.js';

/** A service as booking needs it: its id, name and duration. */
export interface ServiceInfo {
  id: number;
  name: string;
  durationMinutes: number;
}

/** A price of the catalogue: cents, and whether it is a minimum ("a partir de"). */
export interface Price {
  /** null: the catalogue has no price for it */
  priceCents: number | null;
  priceFrom: boolean;
}

/** Who does a service, with this professional's own price and duration (overrides applied). */
export interface ServiceProfessional extends Price {
  id: number;
  name: string;
  durationMinutes: number;
}

/** A variant of a service: chosen (and booked) by its own id, like a service. */
export interface CatalogVariant extends ServiceInfo, Price {
  bufferAfterMinutes: number;
  professionals: ServiceProfessional[];
}

export interface ServiceWithProfessionals extends CatalogVariant {
  variants: CatalogVariant[];
}

export interface ProfessionalWithServices {
  id: number;
  name: string;
  /** the services and variants the professional does (a parent's variants come with it) */
  services: ServiceInfo[];
}

const serviceFields = {
  id: true,
  name: true,
  durationMinutes: true,
  priceCents: true,
  priceFrom: true,
  bufferAfterMinutes: true,
} as const;

/**
 * The tenant's active services (variants nested under their parent), each with the active
 * professionals who do it and each professional's effective price and duration. A
 * professional who does a service does its variants; an override of the parent applies to
 * the parent only, one given for a variant to that variant.
 */
export async function listServices(db: Queryable, tenantId: number): Promise<ServiceWithProfessionals[]> {
  const links = {
    where: { professional: { tenantId, active: true } },
    select: { priceCents: true, durationMinutes: true, professional: { select: { id: true, name: true } } },
  } as const;
  const rows = await db.service.findMany({
    where: { tenantId, active: true, parentId: null },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: {
      ...serviceFields,
      professionals: links,
      variants: { where: { active: true }, orderBy: [{ name: 'asc' }, { id: 'asc' }], select: { ...serviceFields, professionals: links } },
    },
  });
  type Link = (typeof rows)[number]['professionals'][number];
  const professionalsOf = (service: ServiceInfo & Price, own: Link[], inherited: Link[]): ServiceProfessional[] => {
    const byId = new Map<number, ServiceProfessional>();
    for (const link of inherited) byId.set(link.professional.id, { ...link.professional, ...effective(service, null) });
    for (const link of own) byId.set(link.professional.id, { ...link.professional, ...effective(service, link) });
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  };
  return rows.map(({ professionals, variants, ...service }) => ({
    ...service,
    professionals: professionalsOf(service, professionals, []),
    variants: variants.map(({ professionals: own, ...variant }) => ({
      ...variant,
      professionals: professionalsOf(variant, own, professionals),
    })),
  }));
}

/** A service's price and duration for one professional: the link's overrides, else the service's own. */
function effective(
  service: ServiceInfo & Price,
  link: { priceCents: number | null; durationMinutes: number | null } | null,
): Price & { durationMinutes: number } {
  return {
    durationMinutes: link?.durationMinutes ?? service.durationMinutes,
    priceCents: link?.priceCents ?? service.priceCents,
    priceFrom: link?.priceCents != null ? false : service.priceFrom,
  };
}

/**
 * The tenant's active professionals with the active services each offers (with the variants
 * of each); with `serviceId`, only those who offer it (null when that service is not one of
 * the tenant's active ones).
 */
export async function listProfessionals(
  db: Queryable,
  tenantId: number,
  serviceId?: number | null,
): Promise<ProfessionalWithServices[] | null> {
  let offeredIds: number[] | null = null;
  if (serviceId !== undefined && serviceId !== null) {
    const service = await db.service.findFirst({ where: { id: serviceId, tenantId, active: true }, select: { id: true, parentId: true } });
    if (!service) return null;
    offeredIds = service.parentId === null ? [service.id] : [service.id, service.parentId];
  }
  const rows = await db.professional.findMany({
    where: { tenantId, active: true, ...(offeredIds ? { services: { some: { serviceId: { in: offeredIds } } } } : {}) },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      name: true,
      services: {
        where: { service: { tenantId, active: true } },
        select: {
          durationMinutes: true,
          service: {
            select: {
              id: true,
              name: true,
              durationMinutes: true,
              variants: { where: { active: true }, select: { id: true, name: true, durationMinutes: true } },
            },
          },
        },
      },
    },
  });
  return rows.map(({ services, ...professional }) => {
    const byId = new Map<number, ServiceInfo>();
    for (const link of services) {
      const { variants, ...service } = link.service;
      byId.set(service.id, { ...service, durationMinutes: link.durationMinutes ?? service.durationMinutes });
      for (const variant of variants) if (!byId.has(variant.id)) byId.set(variant.id, variant);
    }
    return { ...professional, services: [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')) };
  });
}
