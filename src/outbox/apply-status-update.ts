import { type Db, inTransaction } from '../db/index.js';
import { lockWamid, parkStatus, REPLACEABLE, updateKnownStatusByWamid, updateStatusByWamid } from './parked-statuses.js';

/** `biz_opaque_callback_data` the send job puts on each outbound message; Meta echoes it in status webhooks. */
export const outboxCallbackData = (messageId: number) => `outbox:${messageId}`;

/**
 * Applies a status webhook (sent, delivered, read, failed with Meta's error) to the tenant's
 * outbound message with that WhatsApp id. Unknown statuses and late (older) statuses change
 * nothing. Returns whether a row changed.
 *
 * A send whose response never came back (the worker died after Meta took the message) left
 * its row `sending` with no WhatsApp id; the status webhook's `biz_opaque_callback_data`
 * names that row, so it is recorded here and the retried job skips it instead of sending
 * the same reply twice.
 *
 * A status for a known id is settled by its first statement: it moved the row forward, or it is
 * late (`sent` after `delivered`) and changes nothing.
 *
 * A status that names no row at all (it came before the send job recorded Meta's answer, and
 * carries no callback data) is parked (parked-statuses.ts): the send applies it in the
 * transaction that records the id, a `failed` one included (then the send hands it over as
 * undelivered). Checked again under the id's lock first, so it is never parked after the id
 * was recorded.
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
  if (!REPLACEABLE[update.status]) return false;
  // A known id settles it: changed, or a late status (a row with this id exists: nothing to wait for).
  const first = await updateKnownStatusByWamid(db, update);
  if (first.known) return first.changed;
  const orphanId = Number(/^outbox:(\d+)$/.exec(update.callbackData ?? '')?.[1]);
  if (orphanId) {
    const adopted = await db.$executeRaw`
      UPDATE messages
      SET status = ${update.status}, wa_message_id = ${update.waMessageId}, sent_at = coalesce(sent_at, now()),
          error_code = coalesce(${update.errorCode ?? null}, error_code),
          error_title = coalesce(${update.errorTitle ?? null}, error_title),
          updated_at = now()
      WHERE id = ${orphanId} AND tenant_id = ${update.tenantId} AND direction = 'outbound'
        AND wa_message_id IS NULL AND status = 'sending'`;
    if (adopted > 0) return true;
  }
  return inTransaction(db, async (tx) => {
    await lockWamid(tx, update.tenantId, update.waMessageId);
    if (await updateStatusByWamid(tx, update)) return true;
    const known = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM messages WHERE wa_message_id = ${update.waMessageId} AND tenant_id = ${update.tenantId} LIMIT 1`;
    // A row with this id exists (a late, older status, or an inbound message): nothing to wait for.
    if (known.length === 0) await parkStatus(tx, update);
    return false;
  });
}
