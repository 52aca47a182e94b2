import { timingSafeEqual } from 'node:crypto';
import { type Db, Prisma, type SqlReads } from '../db/index.js';
import { hashApiKey } from './api-key.js';

interface ActiveApiKey {
  id: number;
  tenantId: number;
  timezone: string;
  lastUsedAt: Date | null;
}

/**
 * The active (not revoked, not expired) admin API key matching `presentedKey`, or null. Keys are stored
 * as sha256 hashes only: the presented key is hashed, looked up by hash, and the stored hash
 * is compared again in constant time so the answer's timing says nothing about near misses.
 */
export async function findActiveApiKey(sql: SqlReads, presentedKey: string, now: Date): Promise<ActiveApiKey | null> {
  const presentedHash = hashApiKey(presentedKey);
  // Every admin request pays this lookup: one statement (the key by its unique hash, joined to its
  // tenant's zone), not the two round trips a relation select costs; plain SQL (db/sql-reads.ts).
  const rows = await sql.rows<{ id: number; tenant_id: number; key_hash: string; last_used_at: Date | null; timezone: string }>(Prisma.sql`
    SELECT k.id, k.tenant_id, k.key_hash, k.last_used_at, t.timezone
      FROM tenant_api_keys k JOIN tenants t ON t.id = k.tenant_id
     WHERE k.key_hash = ${presentedHash} AND k.revoked_at IS NULL AND (k.expires_at IS NULL OR k.expires_at > ${now})`);
  const row = rows[0];
  if (!row) return null;
  const stored = Buffer.from(row.key_hash, 'hex');
  const presented = Buffer.from(presentedHash, 'hex');
  if (stored.length !== presented.length || !timingSafeEqual(stored, presented)) return null;
  return { id: row.id, tenantId: row.tenant_id, timezone: row.timezone, lastUsedAt: row.last_used_at };
}

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Records that the key was used, at most once a minute per key: a conditional UPDATE that
 * only writes when the stored time is older than that, so busy keys cost no extra writes.
 */
export async function touchApiKey(db: Db, key: ActiveApiKey, now: Date): Promise<void> {
  const threshold = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (key.lastUsedAt && key.lastUsedAt > threshold) return;
  await db.apiKey.updateMany({
    where: { id: key.id, tenantId: key.tenantId, OR: [{ lastUsedAt: null }, { lastUsedAt: { lt: threshold } }] },
    data: { lastUsedAt: now },
  });
}
