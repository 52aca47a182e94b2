import type { Tx } from '../db/index.js';

/**
 * Holds, until the transaction ends, the lock that orders writes of one tenant's settings: a
 * console change and an import of the same tenant run one after the other, never interleaved.
 */
export async function lockTenantSettings(tx: Tx, tenantId: number): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`tenant-settings:${tenantId}`}, 0))`;
}
