import type { Tx } from '../db/index.js';
import type { ReminderAnswerWrite } from './reminder-answer.js';

/**
 * Records the customer's first answer to a reminder (`answer`, `answered_at`), in the turn's
 * transaction (called only by the turn's commit, the single writer of these two columns), so
 * the answer is stored exactly when what the customer was told is queued. A reminder already
 * answered keeps its first answer. True when this call recorded it.
 */
export async function recordReminderAnswer(tx: Tx, write: ReminderAnswerWrite): Promise<boolean> {
  const changed = await tx.$executeRaw`
    UPDATE appointment_reminders SET answer = ${write.answer}, answered_at = now(), updated_at = now()
    WHERE id = ${write.reminderId} AND tenant_id = ${write.tenantId} AND answer IS NULL`;
  return changed > 0;
}
