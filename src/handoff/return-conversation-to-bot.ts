import type { Db } from '../db/index.js';

export type ReturnToBotOutcome = { kind: 'returned'; wasClosed: boolean } | { kind: 'not_found' } | { kind: 'handoff_open' };

/**
 * A person gives a closed chat back to the bot: the close is cleared and the bot answers the
 * customer's next message. A chat with an open handoff is resolved instead (`handoff_open`);
 * one that was not closed changes nothing (`wasClosed: false`). Another tenant's conversation
 * is `not_found`, exactly like a missing one.
 */
export async function returnConversationToBot(db: Db, scope: { tenantId: number; conversationId: number }): Promise<ReturnToBotOutcome> {
  const [row] = await db.$queryRaw<{ was_closed: boolean; open_handoff: boolean }[]>`
    WITH current AS (
      SELECT c.id, c.closed_at IS NOT NULL AS was_closed,
             EXISTS (SELECT 1 FROM handoffs h WHERE h.conversation_id = c.id AND h.tenant_id = c.tenant_id
                     AND h.status IN ('pending', 'claimed')) AS open_handoff
      FROM conversations c WHERE c.id = ${scope.conversationId} AND c.tenant_id = ${scope.tenantId}
    ), returned AS (
      UPDATE conversations c SET closed_at = NULL, handoff_notice_sent_at = NULL, updated_at = now()
      FROM current WHERE c.id = current.id AND c.tenant_id = ${scope.tenantId} AND current.was_closed AND NOT current.open_handoff
      RETURNING c.id
    )
    SELECT was_closed, open_handoff FROM current`;
  if (!row) return { kind: 'not_found' };
  if (row.open_handoff) return { kind: 'handoff_open' };
  return { kind: 'returned', wasClosed: row.was_closed };
}
