import type { Db } from '../db/index.js';

export interface TenantSummary {
  id: number;
  slug: string;
  name: string;
  timezone: string;
  phoneNumberId: string;
  /** true when no access token is set: outbound messages are stored, not sent */
  sandbox: boolean;
  activeServices: number;
  activeProfessionals: number;
  /** prefixes of the admin API keys not revoked, oldest first */
  activeKeyPrefixes: string[];
}

/** Every tenant with what an operator needs to recognise it; never a secret (no token, no key). */
export async function listTenants(db: Db): Promise<TenantSummary[]> {
  const tenants = await db.tenant.findMany({
    orderBy: { id: 'asc' },
    select: {
      id: true,
      slug: true,
      name: true,
      timezone: true,
      phoneNumberId: true,
      accessToken: true,
      _count: { select: { services: { where: { active: true } }, professionals: { where: { active: true } } } },
      apiKeys: {
        where: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
        orderBy: { id: 'asc' },
        select: { prefix: true },
      },
    },
  });
  return tenants.map((tenant) => ({
    id: tenant.id,
    slug: tenant.slug,
    name: tenant.name,
    timezone: tenant.timezone,
    phoneNumberId: tenant.phoneNumberId,
    sandbox: tenant.accessToken === null,
    activeServices: tenant._count.services,
    activeProfessionals: tenant._count.professionals,
    activeKeyPrefixes: tenant.apiKeys.map((key) => key.prefix),
  }));
}
