import type { Draft, Step } from '../assistant-state.js';
import { chooseServiceScreen } from '../booking-screens.js';
import type { Screen, TurnContext } from '../turn.js';
import type { Reading } from '../understanding/index.js';
import { answerAppointmentRequest } from './appointment-request.js';
import type { BookingRequest } from './booking-request.js';
import { continueBooking } from './continue-booking.js';
import { bookingFields, readMessage, saysDetails } from './read-message.js';
import { withNotes } from './with-wish.js';

export const isFreeText = (context: TurnContext) =>
  !context.message.replyId && Boolean(context.message.text?.trim()) && !/^\s*\d{1,2}\s*$/.test(context.message.text ?? '');

/**
 * A sentence at the main menu (or before any menu): "quero marcar corte feminino amanhã às
 * 15h com a Juliana" goes straight to its confirmation, "cancela meu horário de sexta" to
 * that appointment's. Null when the message says no more than a menu word ("agendar",
 * "cancelar", "2"), so the menu answers it exactly as it always has.
 */
export async function answerFirstSentence(context: TurnContext): Promise<Screen | null> {
  if (!isFreeText(context)) return null;
  const reading = await readMessage(context);
  const intent = reading.intent.status === 'found' ? reading.intent.value : 'none';
  switch (intent) {
    case 'list':
      return answerAppointmentRequest(context, intent, reading);
    case 'cancel':
    case 'reschedule':
      return saysDetails(reading) ? answerAppointmentRequest(context, intent, reading) : null;
    case 'prices':
      return pricesScreen(context);
    case 'book':
    case 'none':
      return saysDetails(reading) ? continueBooking(context, { mode: 'book', ...bookingFields(reading) }) : null;
    default:
      return null;
  }
}

/**
 * A sentence at a later step that the step itself did not understand ("sexta de tarde" at
 * the day list, "amanhã às 15h" at the times): what it says replaces what the step had,
 * the rest is kept. A reschedule keeps its service and professional. Null when it says
 * nothing new (the step asks again).
 */
export async function answerLaterSentence(context: TurnContext, step: Step, alreadyRead?: Reading): Promise<Screen | null> {
  if (!isFreeText(context)) return null;
  const base = requestOfStep(step);
  if (!base) return null;
  const reading = alreadyRead ?? (await readMessage(context));
  const intent = reading.intent.status === 'found' ? reading.intent.value : 'none';
  if (
    (intent === 'cancel' || intent === 'reschedule' || intent === 'list') &&
    reading.intent.status === 'found' &&
    reading.intent.confidence === 'high' &&
    base.mode === 'book'
  ) {
    return answerAppointmentRequest(context, intent, reading);
  }
  if (!saysDetails(reading)) return null;
  const said = bookingFields(reading);
  if (base.mode === 'reschedule')
    return continueBooking(context, { ...base, ...(said.day ? { day: said.day } : {}), ...(said.time ? { time: said.time } : {}) });
  const professional = said.professional ?? (said.professionalOptions || said.professionalUnknown ? undefined : base.professional);
  return continueBooking(context, { ...base, ...said, professional });
}

/**
 * At the confirmation, "pode ser às 16h?" or "não, sexta" names another time: that is a new
 * request (shown for confirmation again), never a "yes" to the time on screen. Null when
 * the message names no other day or time (sim / não / Confirmar work as always).
 */
export async function answerChangeAtConfirmation(context: TurnContext, step: Step): Promise<Screen | null> {
  if (step.step !== 'confirm_booking' || !isFreeText(context)) return null;
  const reading = await readMessage(context);
  const said = bookingFields(reading);
  const otherDay = said.day !== undefined && !(said.day.kind === 'date' && said.day.date === step.start.slice(0, 10));
  const otherTime = said.time !== undefined && !(said.time.kind === 'at' && said.time.time === step.start.slice(11, 16));
  return otherDay || otherTime ? answerLaterSentence(context, step, reading) : null;
}

const fromDraft = (draft: Draft): BookingRequest => ({
  mode: draft.mode,
  serviceId: draft.serviceId,
  professional: draft.professionalId ?? 'any',
  ...(draft.appointmentId ? { appointmentId: draft.appointmentId } : {}),
});

/** What a booking step already knows, as a request. */
function requestOfStep(step: Step): BookingRequest | null {
  switch (step.step) {
    case 'choose_service':
      return { mode: 'book', ...step.wish };
    case 'choose_professional':
      return { mode: 'book', serviceId: step.serviceId, ...step.wish };
    case 'choose_day':
      return { ...fromDraft(step.draft), ...step.wish };
    case 'choose_time':
      return { ...fromDraft(step.draft), day: { kind: 'date', date: step.date } };
    case 'confirm_booking':
      return { ...fromDraft(step.draft), day: { kind: 'date', date: step.start.slice(0, 10) } };
    default:
      return null;
  }
}

/** "quanto custa?", "quais serviços vocês fazem": the services with their durations, ready to book one. */
async function pricesScreen(context: TurnContext): Promise<Screen> {
  const { servicos } = await context.calls.listServices();
  const lines = servicos.map((service) => `• ${service.nome}: ${service.duracao_minutos} min`);
  const note = 'Os valores a nossa equipe informa: é só escrever *falar com uma pessoa*.';
  return withNotes(await chooseServiceScreen(context), [`Nossos serviços:\n${lines.join('\n')}\n${note}`]);
}
