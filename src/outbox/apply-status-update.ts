import type { Db } from '../db/index.js';

/** Which stored statuses each status webhook may replace: delivery status never moves backwards. */
const REPLACEABLE: Record<string, string[]> = {
  sent: ['pending', 'sending'],
  delivered: ['pending', 'sending', 'sent'],
  read: ['pending', 'sending', 'sent', 'delivered'],
  failed: ['pending', 'sending', 'sent'],
};

/** `biz_opaque_callback_data` the send job puts on each outbound message; Meta echoes it in status webhooks. */
export const outboxCallbackData = (messageId: number) => `outbox:${messageId}`;

/**
 * Applies a status webhook (sent, delivered, read, failed with Meta's error) to the tenant's
 * outbound message with that WhatsApp id. Unknown statuses, unknown ids and late (older)
 * statuses change nothing. Returns whether a row changed.
 *
 * A send whose response never came back (the worker died after Meta took the message) left
 * its row `sending` with no WhatsApp id; the status webhook's `biz_opaque_callback_data`
 * names that row, so it is recorded here and the retried job skips it instead of sending
 * the same reply twice.
 */
export async function applyStatusUpdate(
  db: Db,
  update: {
    tenantId: number;
    waMessageId: string;
    status: string;
    errorCode?: string | null;
    errorTitle?: string | null;
    callbackData?: string | null;
  },
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
  if (changed > 0) return true;
  const orphanId = Number(/^outbox:(\d+)$/.exec(update.callbackData ?? '')?.[1]);
  if (!orphanId) return false;
  const adopted = await db.$executeRaw`
    UPDATE messages
    SET status = ${update.status}, wa_message_id = ${update.waMessageId}, sent_at = coalesce(sent_at, now()),
        error_code = coalesce(${update.errorCode ?? null}, error_code),
        error_title = coalesce(${update.errorTitle ?? null}, error_title),
        updated_at = now()
    WHERE id = ${orphanId} AND tenant_id = ${update.tenantId} AND direction = 'outbound'
      AND wa_message_id IS NULL AND status = 'sending'`;
  return adopted > 0;
}
