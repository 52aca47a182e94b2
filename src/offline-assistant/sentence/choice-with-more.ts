import { findBookedAppointment } from '../appointment-screens.js';
import type { Step } from '../assistant-state.js';
import type { Screen, TurnContext } from '../turn.js';
import { answerLaterSentence, isFreeText } from './answer-sentence.js';
import { actOn } from './appointment-request.js';
import { readMessage } from './read-message.js';

/**
 * An option typed together with more ("escova amanhã às 15h" at the service list, "Juliana
 * sexta de tarde" at the professionals, "remarcar para sábado às 10h" at an appointment's
 * actions): the rest of the sentence is applied too instead of being asked again. Null when
 * the message names no day or time, so the option alone answers as before.
 */
export async function answerChoiceWithMore(context: TurnContext, step: Step): Promise<Screen | null> {
  if (!isFreeText(context)) return null;
  if (step.step !== 'choose_service' && step.step !== 'choose_professional' && step.step !== 'appointment_action') return null;
  const reading = await readMessage(context);
  if (reading.day.status !== 'found' && reading.time.status !== 'found') return null;
  if (step.step !== 'appointment_action') return answerLaterSentence(context, step, reading);
  if (reading.intent.status !== 'found' || reading.intent.value !== 'reschedule') return null;
  const appointment = await findBookedAppointment(context, step.appointmentId);
  if (!appointment) return null;
  return actOn(context, 'reschedule', appointment, {
    ...(reading.day.status === 'found' ? { day: reading.day.value } : {}),
    ...(reading.time.status === 'found' ? { time: reading.time.value } : {}),
  });
}
