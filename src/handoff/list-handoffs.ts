import { Prisma, type Queryable } from '../db/index.js';
import type { HandoffStatus } from './handoff-status.js';

/** Position after which the next page starts: the last item's creation time and id. */
export interface HandoffQueueCursor {
  createdAt: Date;
  id: number;
}

export interface HandoffQueueItem {
  id: number;
  conversationId: number;
  customer: { id: number; name: string | null; waId: string | null; username: string | null };
  reason: string;
  note: string | null;
  status: HandoffStatus;
  attendant: string | null;
  createdAt: Date;
  claimedAt: Date | null;
  resolvedAt: Date | null;
  /** Seconds the customer waited for a person: until claimed; while pending, until `now`; if resolved unclaimed, until resolved. */
  waitSeconds: number;
}

interface Row {
  id: number;
  conversation_id: number;
  customer_id: number;
  customer_name: string | null;
  wa_id: string | null;
  username: string | null;
  reason: string;
  note: string | null;
  status: HandoffStatus;
  attendant: string | null;
  created_at: Date;
  claimed_at: Date | null;
  resolved_at: Date | null;
}

/**
 * One page of a tenant's handoffs with the given status, oldest first (creation time, then
 * id). Keyset pagination: pass the returned `next` as `after` to read the following page;
 * `next` is null on the last page. Only the tenant's own rows are ever read.
 */
export async function listHandoffs(
  db: Queryable,
  query: { tenantId: number; status: HandoffStatus; limit: number; after?: HandoffQueueCursor | null; now: Date },
): Promise<{ items: HandoffQueueItem[]; next: HandoffQueueCursor | null }> {
  const after = query.after
    ? Prisma.sql`AND (h.created_at, h.id) > (${query.after.createdAt}::timestamptz, ${query.after.id}::int)`
    : Prisma.empty;
  const rows = await db.$queryRaw<Row[]>`
    SELECT h.id, h.conversation_id, c.customer_id, cu.name AS customer_name, cu.wa_id, cu.username,
           h.reason, h.note, h.status, h.attendant, h.created_at, h.claimed_at, h.resolved_at
    FROM handoffs h
    JOIN conversations c ON c.id = h.conversation_id AND c.tenant_id = h.tenant_id
    JOIN customers cu ON cu.id = c.customer_id AND cu.tenant_id = h.tenant_id
    WHERE h.tenant_id = ${query.tenantId} AND h.status = ${query.status} ${after}
    ORDER BY h.created_at, h.id
    LIMIT ${query.limit + 1}`;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => toItem(row, query.now)),
    next: rows.length > query.limit && last ? { createdAt: last.created_at, id: last.id } : null,
  };
}

function toItem(row: Row, now: Date): HandoffQueueItem {
  const waitedUntil = row.claimed_at ?? row.resolved_at ?? now;
  return {
    id: row.id,
    conversationId: row.conversation_id,
    customer: { id: row.customer_id, name: row.customer_name, waId: row.wa_id, username: row.username },
    reason: row.reason,
    note: row.note,
    status: row.status,
    attendant: row.attendant,
    createdAt: row.created_at,
    claimedAt: row.claimed_at,
    resolvedAt: row.resolved_at,
    waitSeconds: Math.max(0, Math.round((waitedUntil.getTime() - row.created_at.getTime()) / 1000)),
  };
}
