import { dayClock } from '../../shared/index.js';

interface DaySlotsInput {
  /** Local calendar date "YYYY-MM-DD". */
  date: string;
  zone: string;
  /** Working intervals of that date's weekday, [startMinute, endMinute) local. */
  intervals: readonly (readonly [number, number])[];
  durationMinutes: number;
  /** busy time of the professional after the service: it may run past closing, never into busy time */
  bufferMinutes?: number;
  stepMinutes: number;
  /** Busy intervals [startMs, endMs), sorted by start. */
  busy: readonly (readonly [number, number])[];
  /** No slot may start before this instant (now + minimum notice). */
  earliest: number;
}

/**
 * Free start instants of one local date, ascending. Starts sit on a wall-clock grid (each
 * working interval's start plus multiples of the step) so labels read "14:30"; the service
 * must end by the interval's end, measured in real time, which is what makes a day with a
 * DST change come out right (a wall time inside the spring-forward gap resolves to the
 * instant after it and is dropped when that duplicates a real slot). Pure.
 */
export function computeDaySlots(input: DaySlotsInput): number[] {
  const durationMs = input.durationMinutes * 60_000;
  const holdMs = durationMs + (input.bufferMinutes ?? 0) * 60_000;
  const step = Math.max(1, input.stepMinutes);
  const slots = new Set<number>();
  if (input.intervals.length === 0) return [];
  const clock = dayClock(input.date, input.zone);
  for (const [startMinute, endMinute] of input.intervals) {
    const intervalEnd = clock.instantOf(endMinute);
    for (let minute = startMinute; minute < endMinute; minute += step) {
      const start = clock.instantOf(minute);
      if (start + durationMs > intervalEnd) break;
      if (start < input.earliest || clock.dateOf(start) !== input.date) continue;
      if (!overlapsBusy(start, start + holdMs, input.busy)) slots.add(start);
    }
  }
  return [...slots].sort((a, b) => a - b);
}

/** Whether [start, end) overlaps any of the busy intervals (sorted by start). Pure. */
export function overlapsBusy(start: number, end: number, busy: readonly (readonly [number, number])[]): boolean {
  for (const [busyStart, busyEnd] of busy) {
    if (busyStart >= end) return false;
    if (busyEnd > start) return true;
  }
  return false;
}
