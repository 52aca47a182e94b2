import type { Db } from '../db/index.js';

const FOUND_TTL_MS = 60_000;
// Unknown numbers are remembered briefly so a flood for a foreign number costs no queries,
// and a tenant imported a moment later is found soon.
const UNKNOWN_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

export type TenantResolver = (phoneNumberId: string) => Promise<number | null>;

/**
 * Maps a WhatsApp `phone_number_id` to its tenant id, cached in memory (the webhook's hot
 * path). A tenant whose number changes is seen within a minute.
 */
export function createTenantResolver(db: Db, now: () => number = Date.now): TenantResolver {
  const cache = new Map<string, { tenantId: number | null; expiresAt: number }>();
  return async (phoneNumberId) => {
    const cached = cache.get(phoneNumberId);
    if (cached && cached.expiresAt > now()) return cached.tenantId;
    const tenant = await db.tenant.findUnique({ where: { phoneNumberId }, select: { id: true } });
    const tenantId = tenant?.id ?? null;
    if (cache.size >= MAX_ENTRIES) cache.clear();
    cache.set(phoneNumberId, { tenantId, expiresAt: now() + (tenantId === null ? UNKNOWN_TTL_MS : FOUND_TTL_MS) });
    return tenantId;
  };
}
