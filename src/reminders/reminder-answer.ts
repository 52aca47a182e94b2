import type { ReminderAction } from './reminder-payload.js';

/** A customer's answer to a reminder as `appointment_reminders.answer` stores it (CHECK in the migration SQL). */
export type ReminderAnswer = 'confirm' | 'reschedule' | 'cancel';

const ANSWER_OF: Record<ReminderAction, ReminderAnswer> = { confirmar: 'confirm', remarcar: 'reschedule', cancelar: 'cancel' };

/** The stored answer a tapped button means. */
export const answerOfAction = (action: ReminderAction): ReminderAnswer => ANSWER_OF[action];

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
