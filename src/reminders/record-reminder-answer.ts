import type { Tx } from '../db/index.js';
import type { ReminderAnswerWrite } from './reminder-answer.js';

/**
 * Records the customer's answer to a reminder (`answer`, `answered_at`): the latest button a tap
 * acted on. In the turn's transaction (called only by the turn's commit, the single writer of
 * these two columns), so the answer is stored exactly when what the customer was told is queued.
 * The same answer again changes nothing (its time included). True when this call changed it.
 */
export async function recordReminderAnswer(tx: Tx, write: ReminderAnswerWrite): Promise<boolean> {
  const changed = await tx.$executeRaw`
    UPDATE appointment_reminders SET answer = ${write.answer}, answered_at = now(), updated_at = now()
    WHERE id = ${write.reminderId} AND tenant_id = ${write.tenantId} AND answer IS DISTINCT FROM ${write.answer}`;
  return changed > 0;
}
