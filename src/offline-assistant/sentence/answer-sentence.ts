import { isUpcoming } from '../appointment-screens.js';
import type { Draft, Step } from '../assistant-state.js';
import { chooseServiceScreen } from '../booking-screens.js';
import type { Screen, TurnContext } from '../turn.js';
import { type DaySpec, periodOf, type Reading, type TimeSpec } from '../understanding/index.js';
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
export async function answerFirstSentence(context: TurnContext, alreadyRead?: Reading): Promise<Screen | null> {
  if (!isFreeText(context)) return null;
  const reading = alreadyRead ?? (await readMessage(context));
  const intent = reading.intent.status === 'found' ? reading.intent.value : 'none';
  switch (intent) {
    case 'list':
      return answerAppointmentRequest(context, intent, reading);
    case 'cancel':
    case 'reschedule':
      // "cancelar" alone is the menu's word; "quero remarcar meu horário" points at the customer's appointments.
      return saysDetails(reading) || reading.text.split(' ').length > 1 ? answerAppointmentRequest(context, intent, reading) : null;
    case 'prices':
      return pricesScreen(context);
    case 'book':
    case 'none':
      return saysDetails(reading) ? continueBooking(context, { mode: 'book', ...(await withSameDay(context, reading)) }) : null;
    default:
      // A person, a complaint, leaving, thanks and questions are answered before any sentence is read as a request.
      return null;
  }
}

/**
 * "e uma escova no mesmo dia", "e logo depois uma escova": with no day of its own, the day
 * (and for "em seguida" the time) of the customer's latest booking.
 */
async function withSameDay(context: TurnContext, reading: Reading): Promise<Omit<BookingRequest, 'mode'>> {
  const fields = bookingFields(reading);
  if (!reading.sameDay || fields.day) return fields;
  const { agendamentos } = await context.calls.myAppointments();
  const latest = agendamentos.filter(isUpcoming).sort((a, b) => b.agendamento_id - a.agendamento_id)[0];
  if (!latest) return fields;
  const right = /\b(?:em seguida|logo (?:depois|em seguida|apos)|na sequencia)\b/.test(reading.text) && !fields.time;
  return {
    ...fields,
    day: { kind: 'date', date: latest.data },
    ...(right ? { time: { kind: 'at', time: latest.fim, period: periodOf(latest.fim) } } : {}),
  };
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
  // A service named now replaces the one (or the visit) the step had; at the service question it is the answer.
  const { serviceId: _service, also: _also, ...kept } = base;
  const replacing = step.step !== 'choose_service' && (said.serviceId !== undefined || said.serviceOptions !== undefined);
  const services = replacing ? kept : base;
  return continueBooking(context, { ...services, ...said, professional });
}

/**
 * Slots filled at any step: a service, professional, day or time named at a booking step
 * that differs from what the step holds ("não, com o Rafael" at the confirmation, "amanhã
 * às 15h" at the day list, "pode ser às 16h?") updates the request, the rest kept; never a
 * "yes" to what is on screen. Null when the message names nothing new (an option, sim /
 * não, Confirmar work as always).
 */
export async function answerChange(context: TurnContext, step: Step, reading: Reading): Promise<Screen | null> {
  const base = requestOfStep(step);
  if (!base || !isFreeText(context) || !saysDetails(reading)) return null;
  const said = bookingFields(reading);
  const sameDay = (day: DaySpec | undefined) => JSON.stringify(day) === JSON.stringify(base.day);
  const sameTime = (time: TimeSpec | undefined) => JSON.stringify(time) === JSON.stringify(base.time);
  const differs =
    (said.serviceId !== undefined && (said.serviceId !== base.serviceId || (said.also ?? []).join() !== (base.also ?? []).join())) ||
    said.serviceOptions !== undefined ||
    (said.professional !== undefined && said.professional !== base.professional) ||
    said.professionalOptions !== undefined ||
    said.professionalUnknown !== undefined ||
    (said.day !== undefined && !sameDay(said.day)) ||
    (said.time !== undefined && !sameTime(said.time));
  return differs ? answerLaterSentence(context, step, reading) : null;
}

const fromDraft = (draft: Draft): BookingRequest => ({
  mode: draft.mode,
  serviceId: draft.serviceId,
  professional: draft.professionalId ?? 'any',
  ...(draft.appointmentId ? { appointmentId: draft.appointmentId } : {}),
  ...(draft.more?.length ? { also: draft.more.map((item) => item.serviceId) } : {}),
});

/** What a booking step already knows, as a request (null at the steps that are not booking anything). */
export function requestOfStep(step: Step): BookingRequest | null {
  switch (step.step) {
    case 'choose_service':
      return { mode: 'book', ...step.wish };
    case 'choose_professional':
      return { mode: 'book', serviceId: step.serviceId, ...step.wish };
    case 'choose_day':
      return { ...fromDraft(step.draft), ...step.wish };
    case 'choose_time':
      return { ...fromDraft(step.draft), day: { kind: 'date', date: step.date } };
    case 'confirm_booking': {
      const time = step.start.slice(11, 16);
      return {
        ...fromDraft(step.draft),
        day: { kind: 'date', date: step.start.slice(0, 10) },
        time: { kind: 'at', time, period: periodOf(time) },
      };
    }
    default:
      return null;
  }
}

/**
 * "quanto custa?", "quais serviços vocês fazem": the services with their prices from the
 * catalogue ("a partir de" as the salon wrote it), variants under their service, durations,
 * ready to book one. Without a price the team is named as the one who tells it.
 */
async function pricesScreen(context: TurnContext): Promise<Screen> {
  const { servicos } = await context.calls.listServices();
  const line = (service: { nome: string; duracao_minutos: number; preco?: string }, indent = '') =>
    `${indent}• ${service.nome}: ${service.preco ?? 'valor com a equipe'} (${service.duracao_minutos} min)`;
  const lines = servicos.flatMap((service) => [line(service), ...(service.variacoes ?? []).map((variant) => line(variant, '   '))]);
  const unpriced = servicos.some((service) => service.preco === undefined);
  const note = unpriced ? '\nOs valores que faltam a nossa equipe informa: é só escrever *falar com uma pessoa*.' : '';
  return withNotes(await chooseServiceScreen(context), [`Nossos serviços e valores:\n${lines.join('\n')}${note}`]);
}
