import { appointmentSummary, changeRefusedScreen, findBookedAppointment, myAppointmentsScreen } from './appointment-screens.js';
import { chooseDayScreen } from './booking-screens.js';
import { type Screen, type TurnContext, withPrefix } from './turn.js';
import { rescheduleDraftOf } from './visit/visit-reschedule-draft.js';

/**
 * A reminder's Remarcar the offline assistant continues (see InboundTurnMessage.reminder): it
 * starts moving that very appointment (its free days, same professional and service; a
 * visit's reminder moves the whole visit), never asking which one. Null for any other message, which the menu reads as usual.
 */
export async function reminderTapScreen(context: TurnContext): Promise<Screen | null> {
  const reference = context.message.reminder;
  if (reference?.via.kind !== 'tap' || reference.via.action !== 'remarcar') return null;
  const appointment = await findBookedAppointment(context, reference.appointment.id);
  if (!appointment) return withPrefix(await myAppointmentsScreen(context), 'Esse agendamento não está mais ativo.');
  const refused = changeRefusedScreen(context, appointment);
  if (refused) return refused;
  const days = await chooseDayScreen(context, await rescheduleDraftOf(context.calls, appointment));
  return withPrefix(days, `Vamos remarcar o seu horário:\n${appointmentSummary(appointment, context.today)}`);
}
