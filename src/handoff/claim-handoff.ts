import type { Queryable } from '../db/index.js';
import type { HandoffStatus } from './handoff-status.js';

export interface ClaimedHandoff {
  id: number;
  conversationId: number;
  reason: string;
  attendant: string;
  /** the staff account `attendant` names (null for a name an API key gave, or the owner's app) */
  attendantStaffId: number | null;
  createdAt: Date;
  claimedAt: Date;
}

/** A claimed handoff as an UPDATE … RETURNING gives it (claim-handoff.ts, assign-conversation.ts). */
export interface ClaimedHandoffRow {
  id: number;
  conversation_id: number;
  reason: string;
  attendant: string;
  attendant_staff_id: number | null;
  created_at: Date;
  claimed_at: Date;
}

export function toClaimedHandoff(row: ClaimedHandoffRow): ClaimedHandoff {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    reason: row.reason,
    attendant: row.attendant,
    attendantStaffId: row.attendant_staff_id,
    createdAt: row.created_at,
    claimedAt: row.claimed_at,
  };
}

export type ClaimHandoffOutcome =
  | { kind: 'claimed'; handoff: ClaimedHandoff }
  | { kind: 'not_found' }
  | { kind: 'not_pending'; status: Exclude<HandoffStatus, 'pending'>; attendant: string | null };

/**
 * Gives a pending handoff to an attendant. Atomic: a single conditional UPDATE, so of two
 * attendants claiming at once exactly one gets `claimed` and the other `not_pending`.
 * Another tenant's handoff is `not_found`, exactly like a missing one. The conversation job
 * polls the handoff and aborts a run in flight once it sees the claim.
 */
export async function claimHandoff(
  db: Queryable,
  request: { tenantId: number; handoffId: number; attendant: string; attendantStaffId: number | null; now: Date },
): Promise<ClaimHandoffOutcome> {
  const claimed = await db.$queryRaw<ClaimedHandoffRow[]>`
    UPDATE handoffs SET status = 'claimed', attendant = ${request.attendant}, attendant_staff_id = ${request.attendantStaffId}::int,
           claimed_at = ${request.now}
    WHERE id = ${request.handoffId} AND tenant_id = ${request.tenantId} AND status = 'pending'
    RETURNING id, conversation_id, reason, attendant, attendant_staff_id, created_at, claimed_at`;
  const row = claimed[0];
  if (row) return { kind: 'claimed', handoff: toClaimedHandoff(row) };
  const current = await db.handoff.findFirst({
    where: { id: request.handoffId, tenantId: request.tenantId },
    select: { status: true, attendant: true },
  });
  if (!current) return { kind: 'not_found' };
  return { kind: 'not_pending', status: current.status as 'claimed' | 'resolved', attendant: current.attendant };
}
