import type { AppointmentView } from '../scheduling/appointments/index.js';
import { formatDayTime } from '../scheduling/receipts/index.js';
import { localTimeOf } from '../shared/index.js';

/** "qua 02/12 às 15:30" in the tenant's zone. */
const whenOf = (appointment: AppointmentView) => formatDayTime(appointment.startsAt.getTime(), appointment.timezone);
const whatOf = (appointment: AppointmentView) => `${appointment.service.name} com ${appointment.professional.name}`;

/** "30 minutos", "2 horas", "1 dia", "1 hora e 30 minutos". */
export function noticeDuration(minutes: number): string {
  const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
  if (minutes >= 1440 && minutes % 1440 === 0) return plural(minutes / 1440, 'dia', 'dias');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return plural(rest, 'minuto', 'minutos');
  return rest === 0 ? plural(hours, 'hora', 'horas') : `${plural(hours, 'hora', 'horas')} e ${plural(rest, 'minuto', 'minutos')}`;
}

/**
 * The customer-facing answers to reminder taps (pt-BR), each built from the appointment rows
 * as they are now: what the customer reads is what the database holds.
 */
export const reminderTexts = {
  /** `visit`: the visit's services still on, in order, when the appointment starts one: each is listed with its time */
  confirmed: (appointment: AppointmentView, business: { name: string; businessInfo: string }, visit: readonly AppointmentView[] = []) => {
    const info = business.businessInfo.trim();
    const what =
      visit.length > 1
        ? [whenOf(visit[0]!), ...visit.map((item) => `• ${localTimeOf(item.startsAt.getTime(), item.timezone)} ${whatOf(item)}`)]
        : [whatOf(appointment), whenOf(appointment)];
    return [
      '✅ *Presença confirmada*',
      ...what,
      info ? `${business.name} · ${info}` : business.name,
      'Obrigado por confirmar! Até lá. 🙂',
    ].join('\n');
  },
  cancelledFollowUp: 'Se quiser marcar outro horário, é só me escrever por aqui.',
  cancelTooLate: (appointment: AppointmentView) =>
    `Não consigo cancelar por aqui: os cancelamentos precisam ser feitos com pelo menos ${noticeDuration(appointment.cancelNoticeMinutes)} de antecedência, ` +
    `e o seu horário é ${whenOf(appointment)} (${whatOf(appointment)}). ` +
    'Chamei uma pessoa da nossa equipe, que vai falar com você por aqui em breve.',
  moved: (appointment: AppointmentView, movedTo: AppointmentView) =>
    movedTo.id === appointment.id
      ? `Esse lembrete era de outro horário: o seu agendamento agora é ${whenOf(movedTo)} (${whatOf(movedTo)}). Não mudei nada. ` +
        'Se quiser confirmar, cancelar ou remarcar esse horário, é só me escrever.'
      : `Esse lembrete era do horário de ${whenOf(appointment)}, que foi remarcado: o seu agendamento agora é ${whenOf(movedTo)} (${whatOf(movedTo)}). ` +
        'Não mudei nada. Se quiser confirmar, cancelar ou remarcar o novo horário, é só me escrever.',
  cancelled: (appointment: AppointmentView) =>
    `Esse lembrete é de um horário que já foi cancelado (${whenOf(appointment)}, ${whatOf(appointment)}), então não mudei nada. ` +
    'Se quiser marcar um novo horário, é só me escrever.',
  past: (appointment: AppointmentView) =>
    `Esse lembrete é de um horário que já passou (${whenOf(appointment)}), então não mudei nada. Se quiser marcar um novo horário, é só me escrever.`,
  unknownReminder:
    'Não encontrei esse lembrete entre os seus agendamentos, então não mudei nada. Se quiser ver, marcar, remarcar ou cancelar um horário, é só me escrever.',
} as const;
