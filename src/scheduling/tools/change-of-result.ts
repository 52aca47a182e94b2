import type { AppointmentChange } from '../../shared/index.js';
import type { AgendamentoResumo } from './tool-results.js';

/** A write tool's result: the appointment as it is now, and a reschedule's old one. */
interface WriteResult {
  agendamento: AgendamentoResumo;
  anterior?: { agendamento_id: number; data: string; inicio: string };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (minutes: number) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The appointment `agendar`, `cancelar` or `remarcar` touched, read from its own result
 * (built from the row): what an answer's claim is checked against and what its receipt
 * re-reads. A reschedule keeps service and professional, so the old slot lasted as long as
 * the new one.
 */
export function changeOfResult(result: WriteResult): AppointmentChange | null {
  const appointment = result?.agendamento;
  if (!appointment || typeof appointment.agendamento_id !== 'number') return null;
  const change: AppointmentChange = {
    appointmentId: appointment.agendamento_id,
    date: appointment.data,
    start: appointment.inicio,
    end: appointment.fim,
  };
  const previous = result.anterior;
  if (!previous || typeof previous.agendamento_id !== 'number') return change;
  const duration = minutesOf(appointment.fim) - minutesOf(appointment.inicio);
  return {
    ...change,
    previous: {
      appointmentId: previous.agendamento_id,
      date: previous.data,
      start: previous.inicio,
      end: timeOf(minutesOf(previous.inicio) + Math.max(0, duration)),
    },
  };
}
