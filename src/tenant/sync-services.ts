import type { Tx } from '../db/index.js';
import type { ServiceEntry } from './catalogue-schema.js';
import type { TenantFile } from './tenant-file-schema.js';
import { upsertByKey } from './upsert-by-key.js';

/**
 * Makes the tenant's resources, services and variants equal to the file's, by key, touching
 * only rows that differ (importing the same file twice writes nothing). A variant is a service
 * row with `parent_id`: its duration and price default to the parent's, and it gets the
 * parent's buffer and resources. Rows no longer in the file are deactivated, never deleted
 * (appointments reference them). Returns the id of every service and variant by key.
 */
export async function syncServices(tx: Tx, tenantId: number, file: TenantFile): Promise<Map<string, number>> {
  const resourceIdByKey = new Map<string, number>();
  for (const resource of file.resources ?? []) {
    resourceIdByKey.set(
      resource.key,
      await upsertByKey(tx.resource, tenantId, resource.key, { name: resource.name, count: resource.count }),
    );
  }
  await tx.resource.updateMany({ where: { tenantId, active: true, key: { notIn: [...resourceIdByKey.keys()] } }, data: { active: false } });

  const idByKey = new Map<string, number>();
  for (const service of file.services) {
    const resourceIds = (service.resources ?? []).map((key) => resourceIdByKey.get(key)!);
    const common = { bufferAfterMinutes: service.bufferAfterMinutes ?? 0 };
    const serviceId = await upsertByKey<ServiceFields>(tx.service, tenantId, service.key, {
      ...common,
      name: service.name,
      durationMinutes: service.durationMinutes,
      priceCents: service.priceCents ?? null,
      priceFrom: service.priceFrom ?? false,
      parentId: null,
    });
    idByKey.set(service.key, serviceId);
    await syncServiceResources(tx, tenantId, serviceId, resourceIds);
    for (const variant of service.variants ?? []) {
      const variantId = await upsertByKey<ServiceFields>(tx.service, tenantId, variant.key, {
        ...common,
        ...variantPrice(service, variant),
        name: variant.name,
        durationMinutes: variant.durationMinutes ?? service.durationMinutes,
        parentId: serviceId,
      });
      idByKey.set(variant.key, variantId);
      await syncServiceResources(tx, tenantId, variantId, resourceIds);
    }
  }
  await tx.service.updateMany({ where: { tenantId, active: true, key: { notIn: [...idByKey.keys()] } }, data: { active: false } });
  return idByKey;
}

interface ServiceFields extends Record<string, string | number | boolean | null> {
  name: string;
  durationMinutes: number;
  priceCents: number | null;
  priceFrom: boolean;
  bufferAfterMinutes: number;
  parentId: number | null;
}

type Variant = NonNullable<ServiceEntry['variants']>[number];

/** A variant with its own price is "a partir de" only when it says so; without one it reads as its parent's price. */
function variantPrice(service: ServiceEntry, variant: Variant): { priceCents: number | null; priceFrom: boolean } {
  if (variant.priceCents !== undefined) return { priceCents: variant.priceCents, priceFrom: variant.priceFrom ?? false };
  return { priceCents: service.priceCents ?? null, priceFrom: variant.priceFrom ?? service.priceFrom ?? false };
}

async function syncServiceResources(tx: Tx, tenantId: number, serviceId: number, resourceIds: number[]): Promise<void> {
  const links = await tx.serviceResource.findMany({ where: { tenantId, serviceId }, select: { resourceId: true } });
  const linked = new Set(links.map((link) => link.resourceId));
  const wanted = new Set(resourceIds);
  const stale = [...linked].filter((id) => !wanted.has(id));
  if (stale.length > 0) await tx.serviceResource.deleteMany({ where: { tenantId, serviceId, resourceId: { in: stale } } });
  const missing = [...wanted].filter((id) => !linked.has(id));
  if (missing.length > 0) await tx.serviceResource.createMany({ data: missing.map((resourceId) => ({ tenantId, serviceId, resourceId })) });
}
