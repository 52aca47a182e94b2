import { findBookedAppointment } from '../appointment-screens.js';
import type { Step } from '../assistant-state.js';
import type { Screen, TurnContext } from '../turn.js';
import type { Reading } from '../understanding/index.js';
import { answerLaterSentence, isFreeText, requestOfStep } from './answer-sentence.js';
import { actOn } from './appointment-request.js';
import { continueBooking } from './continue-booking.js';
import { bookingFields } from './read-message.js';

const MAX_VISIT = 3;

/**
 * "as duas", "os dois", "todos" at a question between two or three services: all of them,
 * as one visit, with whatever else the message says (day, time, professional).
 */
export async function answerAllOffered(
  context: TurnContext,
  step: Step,
  offered: { id: string; title: string }[],
  reading: Reading,
): Promise<Screen | null> {
  if (step.step !== 'choose_service' || !reading.all) return null;
  const ids = offered.flatMap((option) => (option.id.startsWith('svc:') ? [Number(option.id.slice(4))] : []));
  if (ids.length < 2 || ids.length > MAX_VISIT) return null;
  const [first, ...also] = ids;
  const { serviceId: _service, serviceOptions: _options, also: _also, ...said } = bookingFields(reading);
  return continueBooking(context, { ...requestOfStep(step), mode: 'book', ...said, serviceId: first, also });
}

/**
 * An option typed together with more ("escova amanhã às 15h" at the service list, "Juliana
 * sexta de tarde" at the professionals, "remarcar para sábado às 10h" at an appointment's
 * actions): the rest of the sentence is applied too instead of being asked again. Null when
 * the message names no day or time, so the option alone answers as before.
 */
export async function answerChoiceWithMore(context: TurnContext, step: Step, reading: Reading | null): Promise<Screen | null> {
  if (!reading || !isFreeText(context)) return null;
  if (step.step !== 'choose_service' && step.step !== 'choose_professional' && step.step !== 'appointment_action') return null;
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
