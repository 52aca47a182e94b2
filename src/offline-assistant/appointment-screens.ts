import type { AgendamentoResumo } from '../scheduling/tools/index.js';
import { appointmentRows, listReply, MAX_ROWS } from './list-rows.js';
import { dayLabel } from './local-dates.js';
import { mainMenuScreen } from './main-menu.js';
import type { Screen, TurnContext } from './turn.js';

/** "ter 01/12 às 14:30 · Corte com Ana" */
export function appointmentSummary(appointment: AgendamentoResumo, today: string): string {
  return `${dayLabel(appointment.data, today)} às ${appointment.inicio} · ${appointment.servico.nome} com ${appointment.profissional.nome}`;
}

/** Still ahead and changeable: booked, or confirmed (e.g. by the customer's Confirmar on a reminder). */
export const isUpcoming = (appointment: AgendamentoResumo) => appointment.status === 'agendado' || appointment.status === 'confirmado';

/** The customer's upcoming appointments; a single one goes straight to its actions. */
export async function myAppointmentsScreen(context: TurnContext): Promise<Screen> {
  const { agendamentos } = await context.calls.myAppointments();
  const booked = agendamentos.filter(isUpcoming);
  if (booked.length === 0) return mainMenuScreen(context.tenantName, 'Você não tem agendamentos marcados.');
  if (booked.length === 1 && booked[0]) return appointmentActionScreen(context, booked[0]);
  const shown = booked.slice(0, MAX_ROWS);
  return {
    next: { step: 'choose_appointment', appointmentIds: shown.map((appointment) => appointment.agendamento_id) },
    replies: [
      listReply(
        'Seus próximos agendamentos. Escolha um para cancelar ou remarcar:',
        'Ver agendamentos',
        appointmentRows(shown, context.today),
      ),
    ],
  };
}

/** One appointment with Cancelar / Remarcar / Menu. */
export function appointmentActionScreen(context: TurnContext, appointment: AgendamentoResumo): Screen {
  return {
    next: { step: 'appointment_action', appointmentId: appointment.agendamento_id },
    replies: [
      {
        type: 'buttons',
        text: `Seu agendamento:\n${appointmentSummary(appointment, context.today)}\nO que você quer fazer?`,
        buttons: [
          { id: 'act:cancel', title: 'Cancelar' },
          { id: 'act:reschedule', title: 'Remarcar' },
          { id: 'nav:menu', title: 'Menu' },
        ],
      },
    ],
  };
}

/** "Cancelar mesmo?" with Sim, cancelar / Não. */
export function confirmCancelScreen(context: TurnContext, appointment: AgendamentoResumo): Screen {
  return {
    next: { step: 'confirm_cancel', appointmentId: appointment.agendamento_id },
    replies: [
      {
        type: 'buttons',
        text: `Cancelar este agendamento?\n${appointmentSummary(appointment, context.today)}`,
        buttons: [
          { id: 'cancel:yes', title: 'Sim, cancelar' },
          { id: 'cancel:no', title: 'Não' },
        ],
      },
    ],
  };
}

/** The customer's appointment by id, if it is still booked or confirmed (another customer's id is simply not there). */
export async function findBookedAppointment(context: TurnContext, appointmentId: number): Promise<AgendamentoResumo | null> {
  const { agendamentos } = await context.calls.myAppointments();
  return agendamentos.find((appointment) => appointment.agendamento_id === appointmentId && isUpcoming(appointment)) ?? null;
}
