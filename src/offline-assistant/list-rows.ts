import type { AgendamentoResumo } from '../scheduling/tools/index.js';
import { type OutboundReply, truncate } from '../shared/index.js';
import type { FreeTime } from './free-times.js';
import { dayLabel } from './local-dates.js';

type ListRow = Extract<OutboundReply, { type: 'list' }>['sections'][number]['rows'][number];

/** List rows WhatsApp allows in one message. */
export const MAX_ROWS = 10;

/**
 * The rows of the assistant's lists, one builder per kind, so the row ids the step handlers
 * read back (`svc:`, `pro:`, `day:`, `slot:`, `apt:`; see match-choice.ts) are written in one
 * place, within WhatsApp's limits (title ≤ 24 characters, description ≤ 72).
 */
export function listReply(text: string, buttonLabel: string, rows: ListRow[]): OutboundReply {
  return { type: 'list', text, buttonLabel, sections: [{ rows }] };
}

/** Services with their duration (the first MAX_ROWS). */
export function serviceRows(services: { id: number; nome: string; duracao_minutos: number }[]): ListRow[] {
  return services.slice(0, MAX_ROWS).map((service) => ({
    id: `svc:${service.id}`,
    title: truncate(service.nome, 24),
    description: `${service.duracao_minutos} min`,
  }));
}

/** Professionals by name (the first `max`). */
export function professionalRows(professionals: { id: number; nome: string }[], max = MAX_ROWS): ListRow[] {
  return professionals.slice(0, max).map((professional) => ({ id: `pro:${professional.id}`, title: truncate(professional.nome, 24) }));
}

/** Days with how many free times each (the first MAX_ROWS). */
export function dayRows(days: { date: string; count: number }[], today: string): ListRow[] {
  return days.slice(0, MAX_ROWS).map(({ date, count }) => ({
    id: `day:${date}`,
    title: dayLabel(date, today),
    description: count === 1 ? '1 horário livre' : `${count} horários livres`,
  }));
}

/** Free times of one day; with the professional's name when any professional will do. */
export function timeRows(date: string, times: FreeTime[], anyProfessional: boolean): ListRow[] {
  return times.map((free) => ({
    id: `slot:${date}T${free.time}`,
    title: free.time,
    ...(anyProfessional ? { description: `com ${free.professionalName}` } : {}),
  }));
}

/** The customer's appointments: day and time, then service and professional. */
export function appointmentRows(appointments: AgendamentoResumo[], today: string): ListRow[] {
  return appointments.map((appointment) => ({
    id: `apt:${appointment.agendamento_id}`,
    title: truncate(`${dayLabel(appointment.data, today)} ${appointment.inicio}`, 24),
    description: truncate(`${appointment.servico.nome} com ${appointment.profissional.nome}`, 72),
  }));
}
