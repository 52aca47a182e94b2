import { dayClock } from '../../shared/index.js';
import type { Named } from './availability-refusal.js';
import { overlapsBusy } from './compute-day-slots.js';
import type { BookableService } from './load-schedule.js';

/** One professional who could do one service of a visit, with that day's hours and busy time. */
export interface VisitCandidate {
  professional: Named;
  /** the service as this professional does it (duration and price overrides, buffer, resources) */
  service: BookableService;
  /** working intervals [startMinute, endMinute) of the date's weekday, local */
  intervals: readonly (readonly [number, number])[];
  /** busy intervals [startMs, endMs), sorted by start (appointments with their buffers, time off, blocks) */
  busy: readonly (readonly [number, number])[];
}

/** A resource's count and the holds [startMs, endMs) of the appointments already using it that day. */
export interface ResourceUse {
  count: number;
  holds: readonly (readonly [number, number])[];
}

/** Everything a visit search needs about one local date. Items are in the visit's order; candidates in preference order. */
export interface VisitFacts {
  date: string;
  zone: string;
  stepMinutes: number;
  /** no start before this instant (now + notice, for customers) */
  earliest: number;
  /** the name of the day when it is closed (a holiday): nothing fits; null on an open day */
  closedDay: string | null;
  items: readonly { candidates: readonly VisitCandidate[] }[];
  resources: ReadonlyMap<number, ResourceUse>;
}

/** One service of a planned visit. `holdUntil` is its end plus its buffer: when the next service starts. */
export interface PlannedItem {
  professional: Named;
  service: BookableService;
  startsAt: number;
  endsAt: number;
  holdUntil: number;
}

/** Why nothing fits at a start, for the refusal's wording (the first item's earliest failure wins). */
export type VisitMisfit = 'outside_hours' | 'busy' | 'resource_taken';

/**
 * The visit placed from `start`: each service right after the one before (its end plus its
 * buffer), each with a professional who works then (unless `withinHours` is off: staff's
 * `outsideHours`), is free for the service and its buffer, and leaves every resource the
 * service needs within its count at every instant. The previous service's professional is
 * tried first, then the others in order; a dead end backtracks, so a plan is found whenever
 * one exists. Pure.
 */
export function planVisitAt(
  facts: VisitFacts,
  start: number,
  options: { withinHours: boolean } = { withinHours: true },
): { kind: 'planned'; items: PlannedItem[] } | { kind: 'misfit'; reason: VisitMisfit } {
  if (facts.closedDay !== null || facts.items.length === 0) return { kind: 'misfit', reason: 'outside_hours' };
  const clock = dayClock(facts.date, facts.zone);
  let firstMisfit: VisitMisfit | null = null;
  const note = (reason: VisitMisfit) => {
    firstMisfit ??= reason;
  };
  const place = (index: number, at: number, previous: number | null, placed: PlannedItem[]): PlannedItem[] | null => {
    const item = facts.items[index];
    if (!item) return placed;
    for (const candidate of preferring(item.candidates, previous)) {
      const endsAt = at + candidate.service.durationMinutes * 60_000;
      const holdUntil = endsAt + candidate.service.bufferAfterMinutes * 60_000;
      if (options.withinHours && !withinIntervals(candidate.intervals, clock, at, endsAt)) {
        note('outside_hours');
        continue;
      }
      if (overlapsBusy(at, holdUntil, candidate.busy)) {
        note('busy');
        continue;
      }
      if (!resourcesFit(facts.resources, candidate.service.resourceIds, at, holdUntil, placed)) {
        note('resource_taken');
        continue;
      }
      const planned = place(index + 1, holdUntil, candidate.professional.id, [
        ...placed,
        { professional: candidate.professional, service: candidate.service, startsAt: at, endsAt, holdUntil },
      ]);
      if (planned) return planned;
    }
    return null;
  };
  const items = place(0, start, null, []);
  return items ? { kind: 'planned', items } : { kind: 'misfit', reason: firstMisfit ?? 'outside_hours' };
}

/**
 * Every start of the date where the whole visit fits, ascending, with its plan. Starts sit on
 * the wall-clock grid of the first service's candidates (each working interval's start plus
 * multiples of the step), not before `earliest`. Pure.
 */
export function visitStartsOn(facts: VisitFacts): { start: number; items: PlannedItem[] }[] {
  if (facts.closedDay !== null) return [];
  const clock = dayClock(facts.date, facts.zone);
  const step = Math.max(1, facts.stepMinutes);
  const grid = new Set<number>();
  for (const candidate of facts.items[0]?.candidates ?? []) {
    for (const [startMinute, endMinute] of candidate.intervals) {
      for (let minute = startMinute; minute < endMinute; minute += step) {
        const start = clock.instantOf(minute);
        if (start >= facts.earliest && clock.dateOf(start) === facts.date) grid.add(start);
      }
    }
  }
  const found: { start: number; items: PlannedItem[] }[] = [];
  for (const start of [...grid].sort((a, b) => a - b)) {
    const plan = planVisitAt(facts, start);
    if (plan.kind === 'planned') found.push({ start, items: plan.items });
  }
  return found;
}

function preferring(candidates: readonly VisitCandidate[], previous: number | null): readonly VisitCandidate[] {
  const same = candidates.findIndex((candidate) => candidate.professional.id === previous);
  if (same <= 0) return candidates;
  return [candidates[same]!, ...candidates.filter((_, index) => index !== same)];
}

function withinIntervals(
  intervals: readonly (readonly [number, number])[],
  clock: ReturnType<typeof dayClock>,
  start: number,
  end: number,
): boolean {
  return intervals.some(([from, to]) => start >= clock.instantOf(from) && end <= clock.instantOf(to));
}

/**
 * Whether holding one unit of each resource over [start, end) keeps every one within its
 * count, counting the visit's own earlier services: at no instant more holds than `count`.
 * The greatest overlap inside [start, end) is reached at `start` or at a hold's start.
 */
export function resourcesFit(
  resources: ReadonlyMap<number, ResourceUse>,
  resourceIds: readonly number[],
  start: number,
  end: number,
  placed: readonly PlannedItem[],
): boolean {
  for (const resourceId of resourceIds) {
    const use = resources.get(resourceId);
    if (!use) return false;
    const holds = [
      ...use.holds,
      ...placed.filter((item) => item.service.resourceIds.includes(resourceId)).map((item) => [item.startsAt, item.holdUntil] as const),
    ].filter(([from, to]) => from < end && to > start);
    if (holds.length < use.count) continue;
    const points = [start, ...holds.map(([from]) => from).filter((from) => from > start)];
    const peak = Math.max(...points.map((point) => holds.filter(([from, to]) => from <= point && to > point).length));
    if (peak >= use.count) return false;
  }
  return true;
}
