import type { AgendamentoResumo } from '../../scheduling/tools/index.js';
import type { Draft } from '../assistant-state.js';
import type { SchedulingCalls } from '../scheduling-calls.js';

/** How many services follow the first in a draft (assistant-state's `more`). */
const MAX_FOLLOWING = 2;

const isUpcoming = (appointment: AgendamentoResumo) => appointment.status === 'agendado' || appointment.status === 'confirmado';

/**
 * The draft that moves an appointment: its own service and professional, or, when it belongs
 * to a visit, the whole visit from its first service (the others follow with their
 * professionals), so the times offered are where every service fits and `remarcar` on the
 * first service moves them all.
 */
export async function rescheduleDraftOf(calls: SchedulingCalls, appointment: AgendamentoResumo): Promise<Draft> {
  const single: Draft = {
    mode: 'reschedule',
    appointmentId: appointment.agendamento_id,
    serviceId: appointment.servico.id,
    professionalId: appointment.profissional.id,
  };
  if (appointment.visita_id === undefined) return single;
  const { agendamentos } = await calls.myAppointments();
  const [first, ...rest] = agendamentos
    .filter((row) => row.visita_id === appointment.visita_id && isUpcoming(row))
    .sort((a, b) => `${a.data}T${a.inicio}`.localeCompare(`${b.data}T${b.inicio}`));
  if (!first || rest.length === 0 || rest.length > MAX_FOLLOWING) return single;
  return {
    mode: 'reschedule',
    appointmentId: first.agendamento_id,
    serviceId: first.servico.id,
    professionalId: first.profissional.id,
    more: rest.map((row) => ({ serviceId: row.servico.id, professionalId: row.profissional.id })),
  };
}
