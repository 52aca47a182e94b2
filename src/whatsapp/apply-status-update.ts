import type { Db } from '../db/index.js';

/** Which stored statuses each status webhook may replace: delivery status never moves backwards. */
const REPLACEABLE: Record<string, string[]> = {
  sent: ['pending', 'sending'],
  delivered: ['pending', 'sending', 'sent'],
  read: ['pending', 'sending', 'sent', 'delivered'],
  failed: ['pending', 'sending', 'sent'],
};

/**
 * Applies a status webhook (sent, delivered, read, failed with Meta's error) to the tenant's
 * outbound message with that WhatsApp id. Unknown statuses, unknown ids and late (older)
 * statuses change nothing. Returns whether a row changed.
 */
export async function applyStatusUpdate(
  db: Db,
  update: { tenantId: number; waMessageId: string; status: string; errorCode?: string | null; errorTitle?: string | null },
): Promise<boolean> {
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
