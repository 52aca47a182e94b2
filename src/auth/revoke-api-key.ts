import type { Db } from '../db/index.js';
import type { Clock } from '../shared/index.js';

export type RevokeApiKeyOutcome =
  | { kind: 'revoked'; prefix: string; tenantSlug: string }
  | { kind: 'not_found'; prefix: string }
  | { kind: 'ambiguous'; prefix: string; tenantSlugs: string[] };

/**
 * Revokes the admin API key with this prefix (as `tenant list` shows it; a whole key
 * `wa_<prefix>_…` is accepted too). Already revoked keys count as not found. Refuses when
 * the prefix matches live keys of several tenants rather than guess.
 */
export async function revokeApiKey(db: Db, prefixOrKey: string, clock: Clock): Promise<RevokeApiKeyOutcome> {
  const prefix = /^wa_([0-9a-f]+)(?:_|$)/.exec(prefixOrKey)?.[1] ?? prefixOrKey;
  const keys = await db.apiKey.findMany({ where: { prefix, revokedAt: null }, select: { id: true, tenant: { select: { slug: true } } } });
  if (keys.length === 0) return { kind: 'not_found', prefix };
  if (keys.length > 1) return { kind: 'ambiguous', prefix, tenantSlugs: keys.map((key) => key.tenant.slug) };
  await db.apiKey.update({ where: { id: keys[0]!.id }, data: { revokedAt: clock.now() } });
  return { kind: 'revoked', prefix, tenantSlug: keys[0]!.tenant.slug };
}
