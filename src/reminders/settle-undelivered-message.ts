import { type Db, inTransaction } from '../db/index.js';
import { incrementCounter, METRICS } from '../metrics/index.js';
import { handOffUndeliveredReply } from '../outbox/index.js';
import type { Logger } from '../shared/index.js';
import { templateErrorMeaning } from './template-errors.js';

/** A reminder's failure as recorded on its row. */
export interface RecordedReminderFailure {
  reminderId: number;
  tenantId: number;
  /** the outbox row's error code: Meta's (132001…) or the send job's own (http_500, outcome_unknown…) */
  code: string;
  /** `meta:<code>` for Meta's codes, `send:<code>` for the send job's own */
  statusReason: string;
  template: string | null;
}

/**
 * Records that WhatsApp finally refused a reminder's template message: its row (which points at
 * the failed outbox row) becomes `failed` with `meta:<code>` (or `send:<code>`), counted in
 * wa_agenda_reminders_failed_total by tenant and code, in one transaction. Only a `sent`
 * reminder changes, so a failure reported twice (send job, then a status webhook) counts once.
 * Returns null when the message is not a reminder's (or was recorded already).
 */
export async function recordReminderFailure(db: Db, tenantId: number, messageId: number): Promise<RecordedReminderFailure | null> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.$queryRaw<
      { id: number; tenant_id: number; error_code: string | null; status_reason: string; template: string | null }[]
    >`
      UPDATE appointment_reminders r
         SET status = 'failed',
             status_reason = CASE WHEN m.error_code ~ '^[0-9]+$' THEN 'meta:' ELSE 'send:' END || coalesce(m.error_code, 'unknown'),
             updated_at = now()
        FROM messages m
       WHERE m.id = ${messageId} AND m.tenant_id = ${tenantId} AND m.status = 'failed'
         AND r.outbox_message_id = m.id AND r.tenant_id = m.tenant_id AND r.status = 'sent'
      RETURNING r.id, r.tenant_id, m.error_code, r.status_reason, m.payload ->> 'name' AS template`;
    if (!row) return null;
    const code = row.error_code ?? 'unknown';
    const tenant = await tx.tenant.findUniqueOrThrow({ where: { id: row.tenant_id }, select: { slug: true } });
    await incrementCounter(tx, METRICS.remindersFailed, { tenant: tenant.slug, code });
    return { reminderId: row.id, tenantId: row.tenant_id, code, statusReason: row.status_reason, template: row.template };
  });
}

/**
 * What follows an outbox row WhatsApp finally refused (wired as the send job's and the status
 * webhook's undelivered handler): a reminder's failure is recorded on the reminder and logged
 * as a warning for ops (template errors with their meaning: the business must fix the
 * template, and until then every reminder fails alike). No handoff is opened for a reminder:
 * the customer asked for nothing and waits for nothing, a pending handoff would silence the
 * bot in that chat, and one broken template would flood the human queue with one entry per
 * appointment. Any other bot message goes to a person as before (handOffUndeliveredReply).
 */
export async function settleUndeliveredMessage(deps: { db: Db; logger: Logger }, tenantId: number, messageId: number): Promise<void> {
  const failure = await recordReminderFailure(deps.db, tenantId, messageId);
  if (!failure) {
    await handOffUndeliveredReply(deps, tenantId, messageId);
    return;
  }
  const meaning = templateErrorMeaning(failure.code);
  deps.logger.warn(
    {
      tenantId,
      messageId,
      reminderId: failure.reminderId,
      errorCode: failure.code,
      template: failure.template,
      ...(meaning ? { meaning } : {}),
    },
    meaning ? 'reminder template refused by WhatsApp: the template must be fixed' : 'reminder not delivered by WhatsApp',
  );
}
