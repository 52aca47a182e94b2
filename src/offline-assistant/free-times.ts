import type { BuscarHorariosResult } from '../scheduling/tools/index.js';
import { addDays, ToolDomainException } from '../shared/index.js';
import type { Draft } from './assistant-state.js';
import { customerRefusal } from './customer-refusal.js';
import type { SchedulingCalls } from './scheduling-calls.js';

/** A free start time and who is free then (the first professional in order, for "Qualquer um"). */
export interface FreeTime {
  time: string;
  professionalId: number;
  professionalName: string;
}

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

/** The professionals a draft may use, in the tool's order. */
async function candidates(calls: SchedulingCalls, draft: Draft) {
  const { profissionais } = await calls.listProfessionals(draft.serviceId);
  return draft.professionalId === null ? profissionais : profissionais.filter((professional) => professional.id === draft.professionalId);
}

/**
 * The free times of one day for a draft, merged over its professionals. A refusal for that
 * day (no working hours, past date, beyond the horizon) is an empty day for that
 * professional; `refusal` is a customer-facing reason when every professional refused the day.
 */
export async function freeTimesOn(
  calls: SchedulingCalls,
  draft: Draft,
  date: string,
): Promise<{ times: FreeTime[]; refusal: string | null; nextDate: string | null }> {
  const byTime = new Map<string, FreeTime>();
  let refusal: string | null = null;
  let refused = 0;
  let nextDate: string | null = null;
  const professionals = await candidates(calls, draft);
  for (const professional of professionals) {
    let result: BuscarHorariosResult;
    try {
      result = await calls.findTimes(professional.id, date, draft.serviceId);
    } catch (error) {
      if (!(error instanceof ToolDomainException)) throw error;
      refusal ??= customerRefusal(error);
      refused++;
      continue;
    }
    const next = result.proximo_dia_com_horario ?? null;
    if (next && (nextDate === null || next < nextDate)) nextDate = next;
    for (const time of expandFreeTimes(result)) {
      if (!byTime.has(time)) byTime.set(time, { time, professionalId: professional.id, professionalName: professional.nome });
    }
  }
  const times = [...byTime.values()].sort((a, b) => a.time.localeCompare(b.time));
  // A refusal explains an empty day only when every professional refused it (e.g. all off on Sundays).
  return { times, refusal: refused === professionals.length ? refusal : null, nextDate };
}

/**
 * The next days (from today, within the horizon) with at least one free time, up to
 * `limit`, with how many free times each has. Jumps straight to the tool's
 * `proximo_dia_com_horario` over full days.
 */
export async function daysWithFreeTime(
  calls: SchedulingCalls,
  draft: Draft,
  today: string,
  horizonDays: number,
  limit: number,
): Promise<{ date: string; count: number }[]> {
  const days: { date: string; count: number }[] = [];
  const last = addDays(today, horizonDays);
  let date = today;
  while (days.length < limit && date <= last) {
    const { times, nextDate } = await freeTimesOn(calls, draft, date);
    if (times.length > 0) {
      days.push({ date, count: times.length });
      date = addDays(date, 1);
    } else {
      date = nextDate && nextDate > date ? nextDate : addDays(date, 1);
    }
  }
  return days;
}

/**
 * At most `max` times to offer as list rows: all when they fit, else whole and half hours
 * first, thinned evenly over the day so mornings and afternoons both show.
 */
export function timesToOffer(times: FreeTime[], max: number): FreeTime[] {
  if (times.length <= max) return times;
  const round = times.filter((free) => free.time.endsWith(':00') || free.time.endsWith(':30'));
  const pool = round.length >= max ? round : times;
  const picked: FreeTime[] = [];
  for (let index = 0; index < max; index++) {
    const free = pool[Math.floor((index * pool.length) / max)];
    if (free && !picked.includes(free)) picked.push(free);
  }
  return picked;
}
