import type { AppointmentView } from '../scheduling/appointments/index.js';
import type { ReminderTapFacts } from './load-reminder-tap.js';
import { answerOfAction } from './reminder-answer.js';
import type { ReminderAction } from './reminder-payload.js';

/**
 * What a tap on a reminder's button does, decided from the facts alone (no database, no clock):
 * - `unknown_reminder`: no reminder of this customer in this tenant has the token (another
 *   customer's, another tenant's, a made-up one): nothing changes, the customer is told so;
 * - `moved`, `cancelled`, `past`: the appointment is no longer the one the reminder was about:
 *   nothing changes, the customer is told where things stand;
 * - `repeat`: the button the reminder was last answered with, tapped again with nothing changed
 *   since: nothing is done and nothing is said (the answer is right above in the chat);
 * - `confirm`, `cancel`, `cancel_too_late`: acted on at once (also the retry of a tap whose turn
 *   did not commit, and a change of mind: Cancelar after Confirmar cancels, Confirmar after a
 *   Remarcar that moved nothing confirms);
 * - `reschedule`: Remarcar: the responder continues, told which appointment is being moved (again,
 *   if asked again: asking for a new time changes nothing by itself).
 */
export type ReminderTapDecision =
  | { kind: 'unknown_reminder' }
  | { kind: 'moved'; appointment: AppointmentView; movedTo: AppointmentView }
  | { kind: 'cancelled'; appointment: AppointmentView }
  | { kind: 'past'; appointment: AppointmentView }
  | { kind: 'repeat' }
  | { kind: 'confirm'; reminderId: number; appointment: AppointmentView }
  | { kind: 'cancel'; reminderId: number; appointment: AppointmentView }
  | { kind: 'cancel_too_late'; reminderId: number; appointment: AppointmentView }
  | { kind: 'reschedule'; reminderId: number; appointment: AppointmentView };

const isUpcoming = (appointment: AppointmentView, now: Date) =>
  (appointment.status === 'booked' || appointment.status === 'confirmed') && appointment.startsAt.getTime() > now.getTime();

/** Decides one tap of `action` at `now` (see ReminderTapDecision for every case). */
export function decideReminderTap(action: ReminderAction, facts: ReminderTapFacts, now: Date): ReminderTapDecision {
  const { reminder, appointment } = facts;
  if (!reminder || !appointment) return { kind: 'unknown_reminder' };
  const sameAnswerAgain = reminder.answer === answerOfAction(action);

  if (appointment.status === 'cancelled') {
    if (facts.movedTo && isUpcoming(facts.movedTo, now)) return { kind: 'moved', appointment, movedTo: facts.movedTo };
    if (action === 'cancelar' && facts.cancelledByReminderTap) {
      // Cancelled by a Cancelar whose answer this reminder does not hold: this very tap, retried after its
      // turn failed to commit. Cancelling again changes nothing and the customer gets the answer never sent.
      return sameAnswerAgain ? { kind: 'repeat' } : { kind: 'cancel', reminderId: reminder.id, appointment };
    }
    return { kind: 'cancelled', appointment };
  }
  // The appointment kept its row but not the time the reminder named: not the slot the customer was asked about.
  if (appointment.startsAt.getTime() !== reminder.startsAt.getTime()) {
    return isUpcoming(appointment, now) ? { kind: 'moved', appointment, movedTo: appointment } : { kind: 'past', appointment };
  }
  if (!isUpcoming(appointment, now)) return { kind: 'past', appointment };

  switch (action) {
    case 'confirmar':
      return sameAnswerAgain && appointment.status === 'confirmed'
        ? { kind: 'repeat' }
        : { kind: 'confirm', reminderId: reminder.id, appointment };
    case 'cancelar':
      // Still on after this reminder's Cancelar: it was too late then, and a person was called; a second tap calls nobody again.
      if (sameAnswerAgain) return { kind: 'repeat' };
      return isInsideCancelNotice(appointment, now)
        ? { kind: 'cancel_too_late', reminderId: reminder.id, appointment }
        : { kind: 'cancel', reminderId: reminder.id, appointment };
    case 'remarcar':
      return { kind: 'reschedule', reminderId: reminder.id, appointment };
  }
}

/** The tenant's cancellation rule (`cancelNoticeMinutes`): inside it the customer cannot cancel by themselves. */
export function isInsideCancelNotice(appointment: AppointmentView, now: Date): boolean {
  return appointment.startsAt.getTime() - now.getTime() < appointment.cancelNoticeMinutes * 60_000;
}
