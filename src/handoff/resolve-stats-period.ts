import { TZDate } from '@date-fns/tz';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export type StatsPeriod = { ok: true; from: Date; to: Date } | { ok: false; problems: { field: 'from' | 'to'; message: string }[] };

/**
 * The half-open period `[from, to)` of a stats query. A plain `YYYY-MM-DD` is that day's
 * local midnight in `timeZone` (the tenant's, or UTC for the cross-tenant report); a
 * date-time must carry its offset. Problems are returned, named by field, never thrown.
 */
export function resolveStatsPeriod(fromText: string, toText: string, timeZone: string): StatsPeriod {
  const from = toInstant(fromText, timeZone);
  const to = toInstant(toText, timeZone);
  const problems: { field: 'from' | 'to'; message: string }[] = [];
  const expected = 'expected an ISO date (YYYY-MM-DD) or a date-time with offset';
  if (!from) problems.push({ field: 'from', message: expected });
  if (!to) problems.push({ field: 'to', message: expected });
  if (from && to && to <= from) problems.push({ field: 'to', message: 'must be after from' });
  return from && to && problems.length === 0 ? { ok: true, from, to } : { ok: false, problems };
}

function toInstant(text: string, timeZone: string): Date | null {
  const day = DAY.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const local = new TZDate(year, month - 1, date, timeZone);
    // reject 2026-02-30 and the like instead of rolling over into the next month
    if (local.getFullYear() !== year || local.getMonth() !== month - 1 || local.getDate() !== date) return null;
    return new Date(local.getTime());
  }
  if (!INSTANT.test(text)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}
