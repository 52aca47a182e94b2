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

/** One row of listServices' statement: a service or variant, with one professional who does it (none: nulls). */
interface CatalogRow {
  id: number;
  parent_id: number | null;
  name: string;
  duration_minutes: number;
  price_cents: number | null;
  price_from: boolean;
  buffer_after_minutes: number;
  professional_id: number | null;
  professional_name: string | null;
  link_price_cents: number | null;
  link_duration_minutes: number | null;
}

type Link = { priceCents: number | null; durationMinutes: number | null; professional: { id: number; name: string } };

/**
 * The tenant's active services (variants nested under their parent), each with the active
 * professionals who do it and each professional's effective price and duration. A
 * professional who does a service does its variants; an override of the parent applies to
 * the parent only, one given for a variant to that variant. One statement (a tool call
 * reads it; as nested ORM reads it was six): a row per service and professional.
 */
export async function listServices(db: Queryable, tenantId: number): Promise<ServiceWithProfessionals[]> {
  const rows = await db.$queryRaw<CatalogRow[]>`
    SELECT s.id, s.parent_id, s.name, s.duration_minutes, s.price_cents, s.price_from, s.buffer_after_minutes,
           p.id AS professional_id, p.name AS professional_name,
           ps.price_cents AS link_price_cents, ps.duration_minutes AS link_duration_minutes
    FROM services s
    LEFT JOIN services parent ON parent.id = s.parent_id AND parent.tenant_id = s.tenant_id
    LEFT JOIN (professional_services ps
               JOIN professionals p ON p.id = ps.professional_id AND p.tenant_id = ps.tenant_id AND p.active)
      ON ps.service_id = s.id AND ps.tenant_id = s.tenant_id
    WHERE s.tenant_id = ${tenantId} AND s.active
      AND (s.parent_id IS NULL OR (parent.active AND parent.parent_id IS NULL))
    ORDER BY s.name, s.id`;
  type Entry = ServiceInfo & Price & { bufferAfterMinutes: number; links: Link[] };
  const entries = new Map<number, Entry & { parentId: number | null }>();
  for (const row of rows) {
    let entry = entries.get(row.id);
    if (!entry) {
      entry = {
        id: row.id,
        name: row.name,
        durationMinutes: row.duration_minutes,
        priceCents: row.price_cents,
        priceFrom: row.price_from,
        bufferAfterMinutes: row.buffer_after_minutes,
        parentId: row.parent_id,
        links: [],
      };
      entries.set(row.id, entry);
    }
    if (row.professional_id !== null)
      entry.links.push({
        priceCents: row.link_price_cents,
        durationMinutes: row.link_duration_minutes,
        professional: { id: row.professional_id, name: row.professional_name ?? '' },
      });
  }
  const professionalsOf = (service: ServiceInfo & Price, own: Link[], inherited: Link[]): ServiceProfessional[] => {
    const byId = new Map<number, ServiceProfessional>();
    for (const link of inherited) byId.set(link.professional.id, { ...link.professional, ...effective(service, null) });
    for (const link of own) byId.set(link.professional.id, { ...link.professional, ...effective(service, link) });
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'));
  };
  const all = [...entries.values()];
  return all
    .filter((entry) => entry.parentId === null)
    .map(({ links, parentId: _parentId, ...service }) => ({
      ...service,
      professionals: professionalsOf(service, links, []),
      variants: all
        .filter((variant) => variant.parentId === service.id)
        .map(({ links: own, parentId: _variantParent, ...variant }) => ({
          ...variant,
          professionals: professionalsOf(variant, own, links),
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
  // One statement for the professionals, their services and those services' variants (four as nested ORM reads).
  const rows = await db.$queryRaw<
    {
      id: number;
      name: string;
      service_id: number | null;
      service_name: string | null;
      service_duration: number | null;
      variant_id: number | null;
      variant_name: string | null;
      variant_duration: number | null;
    }[]
  >`
    SELECT p.id, p.name, s.id AS service_id, s.name AS service_name,
           coalesce(ps.duration_minutes, s.duration_minutes) AS service_duration,
           v.id AS variant_id, v.name AS variant_name, v.duration_minutes AS variant_duration
    FROM professionals p
    LEFT JOIN (professional_services ps
               JOIN services s ON s.id = ps.service_id AND s.tenant_id = ps.tenant_id AND s.active)
      ON ps.professional_id = p.id AND ps.tenant_id = p.tenant_id
    LEFT JOIN services v ON v.parent_id = s.id AND v.tenant_id = s.tenant_id AND v.active
    WHERE p.tenant_id = ${tenantId} AND p.active
      AND (${offeredIds}::int[] IS NULL OR EXISTS (
        SELECT 1 FROM professional_services offered
        WHERE offered.professional_id = p.id AND offered.tenant_id = p.tenant_id AND offered.service_id = ANY(${offeredIds}::int[])))
    ORDER BY p.name, p.id`;
  const professionals = new Map<number, { id: number; name: string; services: ServiceInfo[]; variants: ServiceInfo[] }>();
  for (const row of rows) {
    let professional = professionals.get(row.id);
    if (!professional) {
      professional = { id: row.id, name: row.name, services: [], variants: [] };
      professionals.set(row.id, professional);
    }
    if (row.service_id !== null && !professional.services.some((service) => service.id === row.service_id))
      professional.services.push({ id: row.service_id, name: row.service_name ?? '', durationMinutes: row.service_duration ?? 0 });
    if (row.variant_id !== null)
      professional.variants.push({ id: row.variant_id, name: row.variant_name ?? '', durationMinutes: row.variant_duration ?? 0 });
  }
  return [...professionals.values()].map(({ services, variants, ...professional }) => {
    // A link to a variant itself (its own duration) wins over the variant as part of its parent.
    const byId = new Map<number, ServiceInfo>(services.map((service) => [service.id, service]));
    for (const variant of variants) if (!byId.has(variant.id)) byId.set(variant.id, variant);
    return { ...professional, services: [...byId.values()].sort((a, b) => a.name.localeCompare(b.name, 'pt-BR')) };
  });
}
