import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';

export interface DevSecretGuard {
  /**
   * True when webhooks for this tenant must not be acted on: the service checks signatures
   * with the published development app secret and the tenant has a WhatsApp access token
   * (a real number). Asked per webhook, uncached, so a tenant imported with a token while the
   * service runs is protected at once.
   */
  refusesTenant(tenantId: number): Promise<boolean>;
  /** True when the published development verify token must not pass the GET handshake (some tenant has a token). */
  refusesVerifyToken(): Promise<boolean>;
  /** True when the sandbox outbox must stay closed: NODE_ENV is not development/test and some tenant has a token. */
  closesSandbox(): Promise<boolean>;
}

/**
 * The per-request half of "development secrets only for the demo": whatever NODE_ENV says,
 * a development secret never reaches a tenant with a real WhatsApp number. Costs nothing
 * (no query) when the real secrets are configured.
 */
export function createDevSecretGuard(db: Db, config: Pick<Config, 'devSecrets' | 'isDevelopment'>): DevSecretGuard {
  const anyTenantHasToken = async () => (await db.tenant.count({ where: { accessToken: { not: null } }, take: 1 })) > 0;
  return {
    async refusesTenant(tenantId) {
      if (!config.devSecrets.appSecret) return false;
      const tenant = await db.tenant.findUnique({ where: { id: tenantId }, select: { accessToken: true } });
      return tenant?.accessToken != null;
    },
    async refusesVerifyToken() {
      return config.devSecrets.verifyToken && (await anyTenantHasToken());
    },
    async closesSandbox() {
      return !config.isDevelopment && (await anyTenantHasToken());
    },
  };
}
