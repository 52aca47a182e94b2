import type { Queryable } from '../db/index.js';
import { type ClaimedHandoff, type ClaimedHandoffRow, toClaimedHandoff } from './claim-handoff.js';
import { markHandoffNoticeGiven } from './handoff-notice.js';
import { requestHandoff } from './request-handoff.js';

export type AssignConversationOutcome = { kind: 'assigned'; handoff: ClaimedHandoff; previous: string | null } | { kind: 'not_found' };

/**
 * Gives a conversation to a person (`attendant`, a colleague's name, and `attendantStaffId`, their account): its open handoff,
 * pending or claimed by someone else, becomes theirs; with none open, the bot's chat is
 * taken over on their behalf (a claimed `staff_takeover` handoff), so the bot stays silent
 * and a running turn is cancelled as with any claim. `previous` names who held it.
 * Another tenant's conversation is `not_found`. Run it in the caller's transaction.
 */
export async function assignConversation(
  tx: Queryable,
  request: { tenantId: number; conversationId: number; attendant: string; attendantStaffId: number; now: Date },
): Promise<AssignConversationOutcome> {
  const conversation = await tx.conversation.findFirst({
    where: { id: request.conversationId, tenantId: request.tenantId },
    select: { id: true },
  });
  if (!conversation) return { kind: 'not_found' };
  const open = await requestHandoff(tx, { tenantId: request.tenantId, conversationId: request.conversationId, reason: 'staff_takeover' });
  const [row] = await tx.$queryRaw<(ClaimedHandoffRow & { previous: string | null })[]>`
    UPDATE handoffs h SET status = 'claimed', attendant = ${request.attendant}, attendant_staff_id = ${request.attendantStaffId}::int,
           claimed_at = COALESCE(h.claimed_at, ${request.now})
    FROM (SELECT id, attendant FROM handoffs WHERE id = ${open.id} AND tenant_id = ${request.tenantId} FOR UPDATE) before
    WHERE h.id = before.id AND h.status IN ('pending', 'claimed')
    RETURNING h.id, h.conversation_id, h.reason, h.attendant, h.attendant_staff_id, h.created_at, h.claimed_at, before.attendant AS previous`;
  // The handoff was resolved between the two statements: the chat is the bot's again, so it is not assigned.
  if (!row) return { kind: 'not_found' };
  await markHandoffNoticeGiven(tx, { tenantId: request.tenantId, conversationId: request.conversationId });
  return { kind: 'assigned', previous: row.previous, handoff: toClaimedHandoff(row) };
}
