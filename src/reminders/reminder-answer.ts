import type { Tx } from '../db/index.js';
import type { ReminderButtonAction } from './reminder-payload.js';

/** A customer's answer to a reminder as `appointment_reminders.answer` stores it (CHECK in the migration SQL). */
export type ReminderAnswer = 'confirm' | 'reschedule' | 'cancel';

const ANSWER_OF: Record<ReminderButtonAction, ReminderAnswer> = { confirmar: 'confirm', remarcar: 'reschedule', cancelar: 'cancel' };

/** The stored answer a tapped button means. */
export const answerOfAction = (action: ReminderButtonAction): ReminderAnswer => ANSWER_OF[action];

/** A stored answer as the union (the CHECK constraint guarantees it; anything else reads as no answer). */
export function toReminderAnswer(value: string | null): ReminderAnswer | null {
  return value === 'confirm' || value === 'reschedule' || value === 'cancel' ? value : null;
}

/** What a turn's commit records of a tap: the reminder and the answer its button means. */
export interface ReminderAnswerWrite {
  tenantId: number;
  reminderId: number;
  answer: ReminderAnswer;
}

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
