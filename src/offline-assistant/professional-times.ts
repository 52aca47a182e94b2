import type { BuscarHorariosResult } from '../scheduling/tools/index.js';
import { ToolDomainException } from '../shared/index.js';
import { customerRefusal } from './customer-refusal.js';
import type { ProfessionalTimes } from './free-time.js';
import type { SchedulingCalls } from './scheduling-calls.js';

const toMinutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const toTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** Every free start time of a `buscar_horarios` result: its ranges expanded step by step. */
function expandFreeTimes(result: BuscarHorariosResult): string[] {
  const times = new Set(result.horarios);
  for (const range of result.faixas) {
    for (let minute = toMinutes(range.de); minute <= toMinutes(range.ate); minute += result.passo_minutos) times.add(toTime(minute));
  }
  return [...times].sort();
}

/** The professionals a service may use (one, or everyone for "Qualquer um"), in the tool's order. */
async function candidates(calls: SchedulingCalls, item: { serviceId: number; professionalId: number | null }) {
  const { profissionais } = await calls.listProfessionals(item.serviceId);
  return item.professionalId === null ? profissionais : profissionais.filter((professional) => professional.id === item.professionalId);
}

/**
 * Each candidate professional's free starts of one day for one service. A refusal for that
 * day (no working hours, past date, beyond the horizon) is an empty day for that
 * professional; `refusal` is a customer-facing reason when every professional refused the day.
 */
export async function professionalTimesOn(
  calls: SchedulingCalls,
  item: { serviceId: number; professionalId: number | null },
  date: string,
): Promise<ProfessionalTimes> {
  const byProfessional: ProfessionalTimes['byProfessional'] = [];
  let refusal: string | null = null;
  let refused = 0;
  let nextDate: string | null = null;
  const professionals = await candidates(calls, item);
  for (const professional of professionals) {
    let result: BuscarHorariosResult;
    try {
      result = await calls.findTimes(professional.id, date, item.serviceId);
    } catch (error) {
      if (!(error instanceof ToolDomainException)) throw error;
      refusal ??= customerRefusal(error);
      refused++;
      continue;
    }
    const next = result.proximo_dia_com_horario ?? null;
    if (next && (nextDate === null || next < nextDate)) nextDate = next;
    byProfessional.push({ id: professional.id, name: professional.nome, times: expandFreeTimes(result) });
  }
  // A refusal explains an empty day only when every professional refused it (e.g. all off on Sundays).
  return { byProfessional, refusal: refused === professionals.length ? refusal : null, nextDate };
}
