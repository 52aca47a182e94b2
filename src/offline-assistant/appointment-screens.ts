import type { AgendamentoResumo } from '../scheduling/tools/index.js';
import { changeRuleOf } from './change-policy.js';
import { appointmentRows, listReply, MAX_ROWS } from './list-rows.js';
import { dayLabel, dayPhrase } from './local-dates.js';
import { mainMenuScreen } from './main-menu.js';
import { type Screen, type TurnContext, withPrefix } from './turn.js';

/** "ter 01/12 às 14:30 · Corte com Ana" */
export function appointmentSummary(appointment: AgendamentoResumo, today: string): string {
  return `${dayLabel(appointment.data, today)} às ${appointment.inicio} · ${appointment.servico.nome} com ${appointment.profissional.nome}`;
}

/** Still ahead and changeable: booked, or confirmed (e.g. by the customer's Confirmar on a reminder). */
export const isUpcoming = (appointment: AgendamentoResumo) => appointment.status === 'agendado' || appointment.status === 'confirmado';

/** Held, not booked: waiting for its deposit by Pix. */
export const isAwaitingDeposit = (appointment: AgendamentoResumo) => appointment.status === 'aguardando_sinal';

/** "Aguardando o sinal (ainda não confirmado): • qua 09/12 às 14:00 · Coloração com Ana: sinal de R$ 54,00 por Pix até 12:45", or null. */
export function awaitingDepositNote(appointments: AgendamentoResumo[], today: string): string | null {
  const waiting = appointments.filter(isAwaitingDeposit);
  if (waiting.length === 0) return null;
  const lines = waiting.map(
    (appointment) =>
      `• ${appointmentSummary(appointment, today)}: ${appointment.sinal ? `sinal de ${appointment.sinal.valor} por Pix até ${appointment.sinal.reservado_ate}` : 'sinal por Pix'}`,
  );
  return `Aguardando o sinal (ainda não confirmado):\n${lines.join('\n')}\nSem o pagamento no prazo, o horário é liberado.`;
}

/** The customer's upcoming appointments (those waiting for a deposit said apart, above); a single booked one goes straight to its actions. */
export async function myAppointmentsScreen(context: TurnContext): Promise<Screen> {
  const { agendamentos } = await context.calls.myAppointments();
  const waiting = awaitingDepositNote(agendamentos, context.today);
  const screen = await bookedAppointmentsScreen(context, agendamentos.filter(isUpcoming), waiting !== null);
  return waiting ? withPrefix(screen, waiting) : screen;
}

async function bookedAppointmentsScreen(context: TurnContext, booked: AgendamentoResumo[], anyWaiting: boolean): Promise<Screen> {
  if (booked.length === 0)
    return mainMenuScreen(
      context.tenantName,
      anyWaiting ? 'Nenhum agendamento confirmado por enquanto.' : 'Você não tem agendamentos marcados.',
    );
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

const startOf = (appointment: AgendamentoResumo) => `${appointment.data}T${appointment.inicio}`;

/**
 * The rule first: an appointment that already started, or starts within the cancellation
 * notice, cannot be cancelled or moved here; the customer is told so before anything is
 * asked, with a person one tap away. Null when it can still change.
 */
export function changeRefusedScreen(context: TurnContext, appointment: AgendamentoResumo): Screen | null {
  const rule = changeRuleOf(context, startOf(appointment));
  if (rule.kind === 'open') return null;
  const which = `${appointment.servico.nome} com ${appointment.profissional.nome}, ${dayPhrase(appointment.data, context.today)} às ${appointment.inicio}`;
  const reason =
    rule.kind === 'started'
      ? `Seu agendamento (${which}) já começou, então não dá mais para cancelar nem remarcar.`
      : `Seu agendamento (${which}) começa em menos de ${rule.notice}. Cancelamentos e remarcações precisam ser feitos com pelo menos ${rule.notice} de antecedência, então não consigo mudar esse horário por aqui.`;
  return {
    next: { step: 'main_menu' },
    replies: [
      {
        type: 'buttons',
        text: `${reason}\nSe precisar, uma pessoa da nossa equipe te ajuda.`,
        buttons: [
          { id: 'menu:human', title: 'Falar com uma pessoa' },
          { id: 'nav:menu', title: 'Menu' },
        ],
      },
    ],
  };
}

/** One appointment with Cancelar / Remarcar / Menu (or the rule, when it can no longer change). */
export function appointmentActionScreen(context: TurnContext, appointment: AgendamentoResumo): Screen {
  const refused = changeRefusedScreen(context, appointment);
  if (refused) return refused;
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

/** "Cancelar mesmo?" with Sim, cancelar / Não (or the rule, when it can no longer be cancelled). */
export function confirmCancelScreen(context: TurnContext, appointment: AgendamentoResumo): Screen {
  const refused = changeRefusedScreen(context, appointment);
  if (refused) return refused;
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
