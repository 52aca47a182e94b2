import type { FreeTime } from '../free-times.js';
import { PERIOD_WINDOWS, type TimeSpec } from '../understanding/index.js';

const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The free times inside a window of start times [from, to). */
export const timesInWindow = (times: FreeTime[], from: string, to: string): FreeTime[] =>
  times.filter((free) => free.time >= from && free.time < to);

/**
 * When the asked time is taken: the free times closest to it that still fit what was said
 * ("às 15h" → the afternoon's), closest first then in clock order; the whole day's when
 * that period has none. At most `max`.
 */
export function nearestTimes(times: FreeTime[], asked: Extract<TimeSpec, { kind: 'at' }>, max: number): FreeTime[] {
  const period = PERIOD_WINDOWS[asked.period];
  const inPeriod = timesInWindow(times, period.from, period.to);
  const pool = inPeriod.length > 0 ? inPeriod : times;
  return [...pool]
    .sort((a, b) => Math.abs(minutes(a.time) - minutes(asked.time)) - Math.abs(minutes(b.time) - minutes(asked.time)))
    .slice(0, max)
    .sort((a, b) => a.time.localeCompare(b.time));
}
