import { addDays } from '../shared/index.js';
import type { Draft } from './assistant-state.js';
import type { FreeTime } from './free-time.js';
import { professionalTimesOn } from './professional-times.js';
import type { SchedulingCalls } from './scheduling-calls.js';
import { visitTimesOn } from './visit/visit-times.js';

export type { FreeTime, VisitStop } from './free-time.js';

/**
 * The free times of one day for a draft, merged over its professionals (the first free one
 * in order names each time); for a visit, only the starts where every service fits back to
 * back (see visitTimesOn).
 */
export async function freeTimesOn(
  calls: SchedulingCalls,
  draft: Draft,
  date: string,
): Promise<{ times: FreeTime[]; refusal: string | null; nextDate: string | null }> {
  if (draft.more?.length) return visitTimesOn(calls, draft, date);
  const { byProfessional, refusal, nextDate } = await professionalTimesOn(calls, draft, date);
  const byTime = new Map<string, FreeTime>();
  for (const professional of byProfessional) {
    for (const time of professional.times) {
      if (!byTime.has(time)) byTime.set(time, { time, professionalId: professional.id, professionalName: professional.name });
    }
  }
  return { times: [...byTime.values()].sort((a, b) => a.time.localeCompare(b.time)), refusal, nextDate };
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
