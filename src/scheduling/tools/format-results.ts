import { dayClock, formatBrl, localDateOf, localTimeOf, weekdayName } from '../../shared/index.js';
import type { AppointmentStatus, AppointmentView } from '../appointments/index.js';
import type { DayAvailability } from '../availability/index.js';
import type { ServiceInfo } from '../catalog/index.js';
import type { AgendamentoResumo, BuscarHorariosResult, FaixaLivre, ServicoResumo } from './tool-results.js';

/** Statuses as the model reads them. */
const STATUS_LABELS: Record<AppointmentStatus, AgendamentoResumo['status']> = {
  booked: 'agendado',
  confirmed: 'confirmado',
  cancelled: 'cancelado',
  attended: 'compareceu',
  no_show: 'faltou',
  pending_payment: 'aguardando_sinal',
  expired: 'sinal_expirado',
};

/** Days with at most this many free starts list them all; busier days are summarised. */
const LIST_ALL_UP_TO = 12;
const SAMPLE_SIZE = 10;

/** A service as the tools show it. */
export function toServicoResumo(service: ServiceInfo): ServicoResumo {
  return { id: service.id, nome: service.name, duracao_minutos: service.durationMinutes };
}

/** An appointment as the tools show it: local date and times, names next to ids. */
export function toAgendamentoResumo(appointment: AppointmentView): AgendamentoResumo {
  const zone = appointment.timezone;
  const data = localDateOf(appointment.startsAt.getTime(), zone);
  return {
    agendamento_id: appointment.id,
    ...(appointment.visitId !== null ? { visita_id: appointment.visitId } : {}),
    ...(appointment.priceCents !== null ? { preco: formatBrl(appointment.priceCents) } : {}),
    status: STATUS_LABELS[appointment.status],
    data,
    dia_semana: weekdayName(data),
    inicio: localTimeOf(appointment.startsAt.getTime(), zone),
    fim: localTimeOf(appointment.endsAt.getTime(), zone),
    profissional: { id: appointment.professional.id, nome: appointment.professional.name },
    servico: toServicoResumo(appointment.service),
  };
}

/**
 * A day's availability, small enough for the model's context: consecutive free starts are
 * folded into ranges (split at morning/afternoon/evening), and the list of start times is
 * complete only when short; otherwise it samples the first starts of every range.
 */
export function toBuscarHorariosResult(day: DayAvailability): BuscarHorariosResult {
  const clock = dayClock(day.date, day.settings.timezone);
  const stepMs = day.settings.slotStepMinutes * 60_000;
  const faixas: FaixaLivre[] = [];
  const runs: number[][] = [];
  for (const slot of day.slots) {
    const label = clock.timeOf(slot);
    const period = periodOf(label);
    const run = runs.at(-1);
    const faixa = faixas.at(-1);
    const previous = run?.at(-1);
    // Consecutive in real time AND on the wall clock: across a DST change a range must not
    // imply a start time that does not exist (02:00 on a spring-forward night).
    const consecutive =
      previous !== undefined &&
      slot - previous === stepMs &&
      minutesOf(label) - minutesOf(faixa?.ate ?? label) === day.settings.slotStepMinutes;
    if (run && faixa && consecutive && faixa.periodo === period) {
      run.push(slot);
      faixa.ate = label;
      faixa.livres++;
    } else {
      runs.push([slot]);
      faixas.push({ periodo: period, de: label, ate: label, livres: 1 });
    }
  }
  const sample = day.slots.length <= LIST_ALL_UP_TO ? day.slots : sampleRuns(runs, SAMPLE_SIZE);
  const result: BuscarHorariosResult = {
    profissional: { id: day.professional.id, nome: day.professional.name },
    servico: toServicoResumo(day.service),
    data: day.date,
    dia_semana: weekdayName(day.date),
    total_livres: day.slots.length,
    passo_minutos: day.settings.slotStepMinutes,
    faixas,
    horarios: sample.map((slot) => clock.timeOf(slot)),
    horarios_omitidos: day.slots.length - sample.length,
  };
  if (day.slots.length === 0) {
    const next = day.nextDateWithSlots ?? null;
    result.proximo_dia_com_horario = next;
    result.observacao = next
      ? `Nenhum horário livre neste dia. O próximo dia com horário livre é ${weekdayName(next)}, ${next}: ofereça essa data ao cliente.`
      : 'Nenhum horário livre neste dia nem nos próximos dias do prazo de agendamento. Ofereça outro profissional.';
  }
  return result;
}

const minutesOf = (label: string) => Number(label.slice(0, 2)) * 60 + Number(label.slice(3, 5));

function periodOf(label: string): FaixaLivre['periodo'] {
  if (label < '12:00') return 'manhã';
  return label < '18:00' ? 'tarde' : 'noite';
}

/** Round-robin over the runs (first start of each, then the second, …) so every range shows. */
function sampleRuns(runs: number[][], size: number): number[] {
  const picked: number[] = [];
  for (let index = 0; picked.length < size; index++) {
    let any = false;
    for (const run of runs) {
      const slot = run[index];
      if (slot === undefined) continue;
      any = true;
      if (picked.length < size) picked.push(slot);
    }
    if (!any) break;
  }
  return picked.sort((a, b) => a - b);
}
