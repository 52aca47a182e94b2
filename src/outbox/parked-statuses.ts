import type { Queryable, Tx } from '../db/index.js';

/** Which stored statuses each status webhook may replace: delivery status never moves backwards. */
export const REPLACEABLE: Record<string, string[]> = {
  sent: ['pending', 'sending'],
  delivered: ['pending', 'sending', 'sent'],
  read: ['pending', 'sending', 'sent', 'delivered'],
  failed: ['pending', 'sending', 'sent'],
};

/** The order parked statuses are applied in: a later one never undoes an earlier one. */
const RANK: Record<string, number> = { sent: 1, delivered: 2, read: 3, failed: 4 };

/** Parked statuses no send claimed within this long are deleted (a message we never sent). */
export const PARKED_STATUSES_KEPT_DAYS = 7;

export interface StatusUpdate {
  tenantId: number;
  waMessageId: string;
  status: string;
  errorCode?: string | null;
  errorTitle?: string | null;
}

/**
 * Serialises, per tenant and WhatsApp id, "no outbox row has this id: park the status" against
 * "the send records this id: apply what was parked", so a status arriving while the send job
 * records Meta's answer is either applied at once or parked and picked up, never lost.
 */
export async function lockWamid(tx: Tx, tenantId: number, waMessageId: string): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtextextended(${`wamid:${tenantId}:${waMessageId}`}, 0))`;
}

/** Moves the tenant's outbound row with this WhatsApp id forward to the status; whether it changed. */
export async function updateStatusByWamid(db: Queryable, update: StatusUpdate): Promise<boolean> {
  const from = REPLACEABLE[update.status];
  if (!from) return false;
  const changed = await db.$executeRaw`
    UPDATE messages
    SET status = ${update.status},
        error_code = coalesce(${update.errorCode ?? null}, error_code),
        error_title = coalesce(${update.errorTitle ?? null}, error_title),
        updated_at = now()
    WHERE wa_message_id = ${update.waMessageId} AND tenant_id = ${update.tenantId}
      AND direction = 'outbound' AND status = ANY(${from}::text[])`;
  return changed > 0;
}

/**
 * updateStatusByWamid, and whether the tenant has any message with this WhatsApp id at all, in
 * one statement: a status that changes nothing for a known id (a late one: `sent` after
 * `delivered`) has nothing to wait for, so the caller needs no second look.
 */
export async function updateKnownStatusByWamid(db: Queryable, update: StatusUpdate): Promise<{ known: boolean; changed: boolean }> {
  const from = REPLACEABLE[update.status];
  const rows = await db.$queryRaw<{ known: number; changed: number }[]>`
    WITH known AS (
      SELECT id FROM messages WHERE wa_message_id = ${update.waMessageId} AND tenant_id = ${update.tenantId}
    ), changed AS (
      UPDATE messages m
      SET status = ${update.status},
          error_code = coalesce(${update.errorCode ?? null}, m.error_code),
          error_title = coalesce(${update.errorTitle ?? null}, m.error_title),
          updated_at = now()
      FROM known
      WHERE m.id = known.id AND m.direction = 'outbound' AND m.status = ANY(${from ?? []}::text[])
      RETURNING m.id
    )
    SELECT (SELECT count(*) FROM known)::int AS known, (SELECT count(*) FROM changed)::int AS changed`;
  return { known: (rows[0]?.known ?? 0) > 0, changed: (rows[0]?.changed ?? 0) > 0 };
}

/** Keeps a status that names no outbox row yet (call under lockWamid). */
export async function parkStatus(tx: Tx, update: StatusUpdate): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO parked_statuses (tenant_id, wa_message_id, status, error_code, error_title)
    VALUES (${update.tenantId}, ${update.waMessageId}, ${update.status}, ${update.errorCode ?? null}, ${update.errorTitle ?? null})`;
}

/**
 * Applies, in the transaction that just recorded `waMessageId` on an outbox row (and under
 * lockWamid), the statuses that arrived before it, oldest rank first, and deletes them.
 * Returns the statuses that changed the row (a `failed` among them needs the undelivered handling).
 */
export async function applyParkedStatuses(tx: Tx, tenantId: number, waMessageId: string): Promise<string[]> {
  const parked = await tx.$queryRaw<{ status: string; error_code: string | null; error_title: string | null }[]>`
    DELETE FROM parked_statuses WHERE tenant_id = ${tenantId} AND wa_message_id = ${waMessageId}
    RETURNING status, error_code, error_title`;
  const applied: string[] = [];
  for (const status of parked.sort((a, b) => (RANK[a.status] ?? 0) - (RANK[b.status] ?? 0))) {
    const changed = await updateStatusByWamid(tx, {
      tenantId,
      waMessageId,
      status: status.status,
      errorCode: status.error_code,
      errorTitle: status.error_title,
    });
    if (changed) applied.push(status.status);
  }
  return applied;
}

/** The daily maintenance's part: parked statuses older than `keepDays` (no send ever claimed them). */
export async function deleteExpiredParkedStatuses(db: Queryable, options: { now: Date; keepDays: number }): Promise<number> {
  const cutoff = new Date(options.now.getTime() - options.keepDays * 86_400_000);
  return db.$executeRaw`DELETE FROM parked_statuses WHERE received_at < ${cutoff}`;
}
