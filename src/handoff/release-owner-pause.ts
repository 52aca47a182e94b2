import type { Db } from '../db/index.js';
import { OWNER_APP_ATTENDANT } from '../shared/index.js';

/** What a turn learns of the conversation's handoff before it answers. */
export interface HandoffAtTurnStart {
  /** the owner's pause ended just now (the `owner_replied` handoff was resolved) */
  released: boolean;
  /** the handoff still open after that, if any: while one exists the bot stays silent */
  open: { id: number; status: 'pending' | 'claimed'; reason: string } | null;
}

/**
 * Gives a conversation back to the bot when the owner, who took it over from the WhatsApp
 * Business app, has been quiet for the tenant's `owner_reply_pause_minutes`: the handoff held
 * by "WhatsApp app" is resolved and the "a person will answer" flag cleared, as an attendant's
 * resolve would. A handoff held by a person is never touched. Also returns the handoff that
 * is still open after that (as findOpenHandoff would read it right after), so the start of a
 * turn (conversation/, which owns no handoff column itself) is one statement: an interactive
 * transaction took three round trips holding a pool connection, for a release that almost never
 * happens, and the open handoff was a read of its own.
 */
export async function releaseExpiredOwnerPause(db: Db, scope: { tenantId: number; conversationId: number }): Promise<HandoffAtTurnStart> {
  // The final SELECT sees the handoffs as they were before this statement: the one released here is left out by id.
  const [row] = await db.$queryRaw<
    { released: number | null; open_id: number | null; open_status: string | null; open_reason: string | null }[]
  >`
    WITH released AS (
      UPDATE handoffs h SET status = 'resolved', resolved_at = now()
      FROM tenants t
      WHERE h.conversation_id = ${scope.conversationId} AND h.tenant_id = ${scope.tenantId} AND t.id = h.tenant_id
        AND h.status = 'claimed' AND h.attendant = ${OWNER_APP_ATTENDANT}
        AND h.claimed_at < now() - make_interval(mins => t.owner_reply_pause_minutes)
        AND NOT EXISTS (
          SELECT 1 FROM messages m
          WHERE m.conversation_id = h.conversation_id AND m.author = 'attendant' AND m.attendant = ${OWNER_APP_ATTENDANT}
            AND m.created_at > now() - make_interval(mins => t.owner_reply_pause_minutes))
      RETURNING h.id, h.conversation_id, h.tenant_id
    ),
    cleared AS (
      UPDATE conversations c SET handoff_notice_sent_at = NULL, updated_at = now()
      FROM released r WHERE c.id = r.conversation_id AND c.tenant_id = r.tenant_id
      RETURNING c.id
    ),
    open AS (
      SELECT h.id, h.status, h.reason FROM handoffs h
      WHERE h.tenant_id = ${scope.tenantId} AND h.conversation_id = ${scope.conversationId} AND h.status IN ('pending', 'claimed')
        AND h.id NOT IN (SELECT id FROM released)
      ORDER BY h.id LIMIT 1
    )
    SELECT (SELECT count(*) FROM cleared)::int AS released, open.id AS open_id, open.status AS open_status, open.reason AS open_reason
    FROM (SELECT 1) AS one LEFT JOIN open ON true`;
  const status = row?.open_status;
  const open: HandoffAtTurnStart['open'] =
    row?.open_id != null && (status === 'pending' || status === 'claimed')
      ? { id: row.open_id, status, reason: row.open_reason ?? '' }
      : null;
  return { released: (row?.released ?? 0) > 0, open };
}
