import { clockTimeOf, minutesOfDay } from '../../shared/index.js';
import type { Draft } from '../assistant-state.js';
import type { FreeTime, ProfessionalTimes, VisitStop } from '../free-time.js';
import { professionalTimesOn } from '../professional-times.js';
import type { SchedulingCalls } from '../scheduling-calls.js';

/** How long a customer may wait between two services of a visit (the next start on the slot grid). */
const MAX_WAIT_MINUTES = 15;

interface Item {
  serviceId: number;
  professionalId: number | null;
  minutes: number;
  free: ProfessionalTimes['byProfessional'];
}

/**
 * The starts of one day where a whole visit fits: its first service at the start, each
 * next one when the one before ends (or within MAX_WAIT_MINUTES after, on the next free
 * start), with the professional asked for or anyone free, the same one as before when
 * possible. Built from each service's own free times (`buscar_horarios` per professional);
 * the catalogue's visit search (`buscar_horarios` with `servicos`) replaces it.
 */
export async function visitTimesOn(
  calls: SchedulingCalls,
  draft: Draft,
  date: string,
): Promise<{ times: FreeTime[]; refusal: string | null; nextDate: string | null }> {
  const { servicos } = await calls.listServices();
  const minutesOf = (serviceId: number) => servicos.find((service) => service.id === serviceId)?.duracao_minutos ?? 0;
  const first = await professionalTimesOn(calls, draft, date);
  const items: Item[] = [{ ...draft, minutes: minutesOf(draft.serviceId), free: first.byProfessional }];
  for (const later of draft.more ?? []) {
    items.push({ ...later, minutes: minutesOf(later.serviceId), free: (await professionalTimesOn(calls, later, date)).byProfessional });
  }
  const [head, ...rest] = items;
  const times: FreeTime[] = [];
  const starts = [...new Set(head?.free.flatMap((professional) => professional.times) ?? [])].sort();
  for (const start of starts) {
    for (const professional of head?.free.filter((candidate) => candidate.times.includes(start)) ?? []) {
      const visit = chain(rest, minutesOfDay(start) + (head?.minutes ?? 0), professional.id);
      if (!visit) continue;
      times.push({ time: start, professionalId: professional.id, professionalName: professional.name, visit });
      break;
    }
  }
  return { times, refusal: first.refusal, nextDate: first.nextDate };
}

/** The later services placed one after another from `from` (minutes of the day), or null when one does not fit. */
function chain(items: Item[], from: number, previousProfessional: number): VisitStop[] | null {
  const stops: VisitStop[] = [];
  let ready = from;
  let previous = previousProfessional;
  for (const item of items) {
    const stop = firstFit(item, ready, previous);
    if (!stop) return null;
    stops.push(stop);
    ready = minutesOfDay(stop.time) + item.minutes;
    previous = stop.professionalId;
  }
  return stops;
}

function firstFit(item: Item, ready: number, previous: number): VisitStop | null {
  for (let wait = 0; wait <= MAX_WAIT_MINUTES; wait++) {
    const time = clockTimeOf(ready + wait);
    const free = item.free.filter((professional) => professional.times.includes(time));
    const chosen = free.find((professional) => professional.id === previous) ?? free[0];
    if (chosen) return { serviceId: item.serviceId, professionalId: chosen.id, professionalName: chosen.name, time };
  }
  return null;
}
