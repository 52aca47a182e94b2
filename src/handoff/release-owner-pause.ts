import type { Db } from '../db/index.js';
import { OWNER_APP_ATTENDANT } from '../shared/index.js';

/**
 * Gives a conversation back to the bot when the owner, who took it over from the WhatsApp
 * Business app, has been quiet for the tenant's `owner_reply_pause_minutes`: the handoff held
 * by "WhatsApp app" is resolved and the "a person will answer" flag cleared, as an attendant's
 * resolve would. Returns whether it released one. A handoff held by a person is never touched.
 * Called at the start of every turn (conversation/), which owns no handoff column itself.
 */
export async function releaseExpiredOwnerPause(db: Db, scope: { tenantId: number; conversationId: number }): Promise<boolean> {
  // One statement (every turn starts with it): an interactive transaction took three round trips
  // holding a pool connection, for a release that almost never happens.
  const released = await db.$executeRaw`
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
      RETURNING h.conversation_id, h.tenant_id
    )
    UPDATE conversations c SET handoff_notice_sent_at = NULL, updated_at = now()
    FROM released r WHERE c.id = r.conversation_id AND c.tenant_id = r.tenant_id`;
  return released > 0;
}
