import type { AgendamentoResumo } from '../../scheduling/tools/index.js';
import {
  appointmentActionScreen,
  appointmentSummary,
  changeRefusedScreen,
  confirmCancelScreen,
  isUpcoming,
  myAppointmentsScreen,
} from '../appointment-screens.js';
import { appointmentRows, listReply, MAX_ROWS } from '../list-rows.js';
import { dayPhrase } from '../local-dates.js';
import type { Screen, TurnContext } from '../turn.js';
import type { DaySpec, Reading } from '../understanding/index.js';
import { rescheduleDraftOf } from '../visit/visit-reschedule-draft.js';
import type { Wish } from '../wish.js';
import { chooseWhen, continueBooking } from './continue-booking.js';
import { inDay } from './in-day.js';
import { withNotes } from './with-wish.js';

const onDay = (appointment: AgendamentoResumo, day: DaySpec) =>
  day.kind === 'date' ? appointment.data === day.date : appointment.data >= day.from && appointment.data <= day.to;

const dayWords = (day: DaySpec, today: string) =>
  day.kind === 'date' ? inDay(day.date, today) : `entre ${dayPhrase(day.from, today)} e ${dayPhrase(day.to, today)}`;

/**
 * "cancela meu horário de sexta", "passa meu corte para sábado às 10h", "que horas é meu
 * horário amanhã?": the customer's appointments narrowed by what was said (service, the
 * appointment's day). One left: the cancel confirmation, the reschedule's next step (its
 * new day and time applied) or its actions. Several: the list of those. None: said plainly,
 * with all their appointments.
 */
export async function answerAppointmentRequest(
  context: TurnContext,
  intent: 'cancel' | 'reschedule' | 'list',
  reading: Reading,
): Promise<Screen> {
  const { agendamentos } = await context.calls.myAppointments();
  const booked = agendamentos.filter(isUpcoming);
  const newDay = intent === 'reschedule' && reading.dayIsTarget && reading.day.status === 'found' ? reading.day.value : undefined;
  const currentDay =
    intent === 'reschedule'
      ? reading.otherDay.status === 'found'
        ? reading.otherDay.value
        : !reading.dayIsTarget && reading.day.status === 'found'
          ? reading.day.value
          : undefined
      : reading.day.status === 'found'
        ? reading.day.value
        : undefined;
  const serviceId = reading.service.status === 'found' ? reading.service.value : undefined;
  const matching = booked.filter(
    (appointment) => (!currentDay || onDay(appointment, currentDay)) && (serviceId === undefined || appointment.servico.id === serviceId),
  );
  const wish: Wish = {
    ...(newDay ? { day: newDay } : {}),
    ...(reading.time.status === 'found' ? { time: reading.time.value } : {}),
  };
  if (booked.length > 0 && matching.length === 0) {
    const what = currentDay ? ` ${dayWords(currentDay, context.today)}` : '';
    return withNotes(await myAppointmentsScreen(context), [`Não encontrei agendamento seu${what} com esses dados.`]);
  }
  const [only] = matching;
  if (matching.length === 1 && only) return actOn(context, intent, only, wish);
  if (matching.length === 0) return myAppointmentsScreen(context);
  if (intent === 'list') return myAppointmentsScreen(context);
  return appointmentChoiceScreen(context, matching, intent, wish);
}

/** What to do with the one appointment the sentence pointed at. */
export async function actOn(
  context: TurnContext,
  intent: 'cancel' | 'reschedule' | 'list',
  appointment: AgendamentoResumo,
  wish: Wish,
): Promise<Screen> {
  if (intent === 'cancel') return confirmCancelScreen(context, appointment);
  if (intent === 'list') return appointmentActionScreen(context, appointment);
  const refused = changeRefusedScreen(context, appointment);
  if (refused) return refused;
  // A visit moves as a whole: its times are where every service fits, from its first one.
  const draft = await rescheduleDraftOf(context.calls, appointment);
  if (draft.more?.length) return chooseWhen(context, draft, wish.day, wish.time, wish.time ? { time: wish.time } : {});
  return continueBooking(context, {
    mode: 'reschedule',
    appointmentId: appointment.agendamento_id,
    serviceId: appointment.servico.id,
    professional: appointment.profissional.id,
    ...(wish.day ? { day: wish.day } : {}),
    ...(wish.time ? { time: wish.time } : {}),
  });
}

function appointmentChoiceScreen(
  context: TurnContext,
  appointments: AgendamentoResumo[],
  intent: 'cancel' | 'reschedule',
  wish: Wish,
): Screen {
  const shown = appointments.slice(0, MAX_ROWS);
  const verb = intent === 'cancel' ? 'cancelar' : 'remarcar';
  return {
    next: { step: 'choose_appointment', appointmentIds: shown.map((appointment) => appointment.agendamento_id), intent, wish },
    replies: [
      listReply(
        `Qual agendamento você quer ${verb}?\n${shown.map((appointment) => `• ${appointmentSummary(appointment, context.today)}`).join('\n')}`,
        'Ver agendamentos',
        appointmentRows(shown, context.today),
      ),
    ],
  };
}
