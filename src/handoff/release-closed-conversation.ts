import type { Db } from '../db/index.js';

/** How long after a person closed a chat a new message from the customer gives it back to the bot. */
export const CLOSED_SILENCE_HOURS = 24;

/**
 * Whether the bot must stay silent because a person resolved the handoff and closed the chat
 * (`returnToBot: false`). A customer who writes 24 hours or more after the close starts anew:
 * the close is cleared in the same statement and the bot answers (false). Called at the start
 * of every turn (conversation/), which owns no handoff column itself.
 */
export async function isClosedToBot(db: Db, scope: { tenantId: number; conversationId: number }): Promise<boolean> {
  // One statement: the CTE reads the row as it was before the release.
  const [row] = await db.$queryRaw<{ closed: boolean }[]>`
    WITH current AS (
      SELECT closed_at, last_inbound_at FROM conversations WHERE id = ${scope.conversationId} AND tenant_id = ${scope.tenantId}
    ), released AS (
      UPDATE conversations SET closed_at = NULL, handoff_notice_sent_at = NULL, updated_at = now()
      WHERE id = ${scope.conversationId} AND tenant_id = ${scope.tenantId} AND closed_at IS NOT NULL
        AND last_inbound_at >= closed_at + make_interval(hours => ${CLOSED_SILENCE_HOURS})
      RETURNING id
    )
    SELECT (closed_at IS NOT NULL AND NOT EXISTS (SELECT 1 FROM released)) AS closed FROM current`;
  return row?.closed ?? false;
}
