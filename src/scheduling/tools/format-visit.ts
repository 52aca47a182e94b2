import { formatBrl, localTimeOf, weekdayName } from '../../shared/index.js';
import type { AppointmentView } from '../appointments/index.js';
import type { PlannedItem, VisitDay } from '../availability/index.js';
import { toAgendamentoResumo } from './format-results.js';
import type { BuscarHorariosVisitaResult, ItemDaVisita, VisitaAgendada } from './tool-results.js';

/** How many fitting starts the model gets; the count says how many more there are. */
const VISIT_STARTS_SHOWN = 48;

/** The sum of the prices, only when every one is known. */
const totalOf = (prices: (number | null)[]) =>
  prices.every((price) => price !== null) ? formatBrl(prices.reduce<number>((sum, price) => sum + (price ?? 0), 0)) : undefined;

function toItem(item: PlannedItem, zone: string): ItemDaVisita {
  return {
    servico: { id: item.service.id, nome: item.service.name },
    profissional: { id: item.professional.id, nome: item.professional.name },
    inicio: localTimeOf(item.startsAt, zone),
    fim: localTimeOf(item.endsAt, zone),
    ...(item.service.priceCents !== null ? { preco: formatBrl(item.service.priceCents) } : {}),
  };
}

/** A visit search's day as `buscar_horarios` with `servicos` answers it: the first starts with each service's time and professional. */
export function toBuscarVisitaResult(day: VisitDay): BuscarHorariosVisitaResult {
  const zone = day.settings.timezone;
  const shown = day.starts.slice(0, VISIT_STARTS_SHOWN);
  const result: BuscarHorariosVisitaResult = {
    data: day.date,
    dia_semana: weekdayName(day.date),
    total_inicios: day.starts.length,
    inicios: shown.map(({ start, items }) => {
      const total = totalOf(items.map((item) => item.service.priceCents));
      return { inicio: localTimeOf(start, zone), itens: items.map((item) => toItem(item, zone)), ...(total ? { total } : {}) };
    }),
    inicios_omitidos: day.starts.length - shown.length,
  };
  if (day.starts.length === 0) {
    result.observacao =
      'A visita inteira não cabe neste dia (um serviço terminaria depois do fechamento, cairia sobre outro agendamento ou o recurso estaria ocupado). ' +
      'Consulte outro dia com os mesmos servicos, outro profissional, ou proponha os serviços em dias diferentes.';
  }
  return result;
}

/** A booked visit as `agendar` answers it: every service in order, and the total when every price is known. */
export function toVisitaAgendada(visitId: number, appointments: AppointmentView[]): VisitaAgendada {
  const total = totalOf(appointments.map((appointment) => appointment.priceCents));
  return { visita_id: visitId, agendamentos: appointments.map(toAgendamentoResumo), ...(total ? { total } : {}) };
}
