import { tzOffset } from '@date-fns/tz';

/**
 * The one local-time module: calendar arithmetic in a tenant's IANA zone. Dates are
 * "YYYY-MM-DD" strings and times minutes since local midnight, as working hours are stored; instants are epoch ms (UTC).
 * Offsets come from @date-fns/tz (`tzOffset`, IANA data through Intl). Wall times that do
 * not exist (spring-forward gap) resolve to the instant just after the gap and ambiguous
 * ones (fall-back) to the first occurrence, so every local label maps to one instant.
 */

const WEEKDAY_NAMES = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/;

/** A valid calendar date as [year, month (1–12), day], or null ("2026-02-30" is null). */
export function parseLocalDate(date: string): [number, number, number] | null {
  const match = DATE_PATTERN.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  return [year, month, day];
}

/** "YYYY-MM-DDTHH:mm" split into its date and minute of the day, or null when not a real date/time. */
export function parseLocalDateTime(value: string): { date: string; minute: number } | null {
  const match = DATE_TIME_PATTERN.exec(value);
  if (!match?.[1] || !parseLocalDate(match[1])) return null;
  const [hours, minutes] = [Number(match[2]), Number(match[3])];
  if (hours > 23 || minutes > 59) return null;
  return { date: match[1], minute: hours * 60 + minutes };
}

/**
 * The instant of `minute` minutes after local midnight of `date` (1440 = next midnight).
 * A wall time in a spring-forward gap resolves to the instant just after the gap (as
 * TZDate does); an ambiguous one (fall-back) always to its FIRST occurrence (TZDate picks
 * the first west of UTC and the second east of it). Offset lookups only: several times
 * cheaper than building a TZDate, which matters because availability converts every grid
 * minute of a day.
 */
export function localInstant(date: string, minute: number, zone: string): number {
  const [year, month, day] = parseLocalDate(date) ?? invalidDate(date);
  const wall = Date.UTC(year, month - 1, day, 0, minute);
  // The offsets in force a day before and after bracket any transition near this wall time.
  const before = offsetMs(zone, wall - DAY_MS);
  const after = offsetMs(zone, wall + DAY_MS);
  const withBefore = wall - before;
  if (before === after) {
    const actual = offsetMs(zone, withBefore);
    return actual === before ? withBefore : wall - actual;
  }
  const withAfter = wall - after;
  const beforeValid = offsetMs(zone, withBefore) === before;
  const afterValid = offsetMs(zone, withAfter) === after;
  if (beforeValid && afterValid) return Math.min(withBefore, withAfter);
  if (beforeValid) return withBefore;
  if (afterValid) return withAfter;
  // In the gap: read the wall time with the offset before the change, i.e. just after the gap.
  return withBefore;
}

const DAY_MS = 86_400_000;

function offsetMs(zone: string, instant: number): number {
  return tzOffset(zone, new Date(instant)) * 60_000;
}

/** The local date "YYYY-MM-DD" of an instant. */
export function localDateOf(instant: number, zone: string): string {
  const local = new Date(instant + offsetMs(zone, instant));
  return `${local.getUTCFullYear()}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}`;
}

/** The local time "HH:mm" of an instant. */
export function localTimeOf(instant: number, zone: string): string {
  const local = new Date(instant + offsetMs(zone, instant));
  return `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
}

/** The local "YYYY-MM-DDTHH:mm" of an instant: the format `agendar`/`remarcar` take. */
export function localDateTimeOf(instant: number, zone: string): string {
  return `${localDateOf(instant, zone)}T${localTimeOf(instant, zone)}`;
}

/** Weekday of a calendar date, 0 = Sunday (independent of any zone). */
export function weekdayOf(date: string): number {
  const [year, month, day] = parseLocalDate(date) ?? invalidDate(date);
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay();
}

/** Portuguese weekday name of a calendar date ("terça-feira"). */
export function weekdayName(date: string): string {
  return WEEKDAY_NAMES[weekdayOf(date)] ?? '';
}

/** The calendar date `days` after `date` (negative goes back). */
export function addDays(date: string, days: number): string {
  const [year, month, day] = parseLocalDate(date) ?? invalidDate(date);
  const shifted = new Date(Date.UTC(year, month - 1, day + days));
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/**
 * A UTC window certain to contain every local instant of the dates `from`..`to` in any zone
 * (offsets stay within ±14 h), so rows can be read before the tenant's zone is known.
 */
export function generousUtcWindow(from: string, to: string): { start: Date; end: Date } {
  const [fy, fm, fd] = parseLocalDate(from) ?? invalidDate(from);
  const [ty, tm, td] = parseLocalDate(to) ?? invalidDate(to);
  const margin = 15 * 3_600_000;
  return { start: new Date(Date.UTC(fy, fm - 1, fd) - margin), end: new Date(Date.UTC(ty, tm - 1, td + 1) + margin) };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function invalidDate(date: string): never {
  throw new Error(`invalid calendar date: ${date}`);
}

/** The earlier of two calendar dates ("YYYY-MM-DD" sorts as text). */
export function earlierDate(a: string, b: string): string {
  return a <= b ? a : b;
}

/** The later of two calendar dates. */
export function laterDate(a: string, b: string): string {
  return a >= b ? a : b;
}

/** Conversions for one local date, fast when the date has no DST change (the usual case). */
export interface DayClock {
  /** Same as `localInstant(date, minute, zone)`. */
  instantOf(minute: number): number;
  /** Same as `localTimeOf(instant, zone)`. */
  timeOf(instant: number): string;
  /** Same as `localDateOf(instant, zone)`. */
  dateOf(instant: number): string;
}

/**
 * A DayClock for `date`. A day exactly 24 h long between its local midnights has no
 * offset change, so wall minutes map linearly to instants and zone lookups (the costly
 * part of TZDate) are skipped; other days use the general conversions.
 */
export function dayClock(date: string, zone: string): DayClock {
  const [year, month, day] = parseLocalDate(date) ?? invalidDate(date);
  const midnight = localInstant(date, 0, zone);
  const nextMidnight = localInstant(addDays(date, 1), 0, zone);
  // 24 h between midnights that both exist: no offset change inside the day.
  const linear = nextMidnight - midnight === DAY_MS && Date.UTC(year, month - 1, day) - offsetMs(zone, midnight) === midnight;
  if (!linear) {
    return {
      instantOf: (minute) => localInstant(date, minute, zone),
      timeOf: (instant) => localTimeOf(instant, zone),
      dateOf: (instant) => localDateOf(instant, zone),
    };
  }
  const inDay = (instant: number) => instant >= midnight && instant < nextMidnight;
  return {
    instantOf: (minute) => (minute >= 0 && minute <= 1440 ? midnight + minute * 60_000 : localInstant(date, minute, zone)),
    timeOf: (instant) => {
      if (!inDay(instant)) return localTimeOf(instant, zone);
      const minute = Math.floor((instant - midnight) / 60_000);
      return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
    },
    dateOf: (instant) => (inDay(instant) ? date : localDateOf(instant, zone)),
  };
}

/** Today's date ("YYYY-MM-DD") in the zone. */
export function localToday(now: Date, zone: string): string {
  return localDateOf(now.getTime(), zone);
}

/**
 * The instant of a local "YYYY-MM-DDTHH:mm" in `zone` (see localInstant for DST gaps and
 * overlaps). Throws on a malformed text: callers validate first (tenant files, tool inputs).
 */
export function localDateTimeToUtc(text: string, zone: string): Date {
  const parsed = parseLocalDateTime(text);
  if (!parsed) throw new Error(`not a local date-time: ${text}`);
  return new Date(localInstant(parsed.date, parsed.minute, zone));
}

/** "HH:mm" from 00:00 to 23:59, plus "24:00" (end of day, valid only as an interval's end). */
export const CLOCK_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** A local date-time without zone, as tenant files and tools write it: "YYYY-MM-DDTHH:mm". */
export const LOCAL_DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since local midnight of an "HH:mm" that matches CLOCK_TIME_PATTERN. */
export function minutesOfDay(clockTime: string): number {
  const [hours, minutes] = clockTime.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** "HH:mm" of minutes since local midnight (1440 → "24:00"). */
export function clockTimeOf(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** True when the runtime knows the IANA time zone (e.g. "America/Sao_Paulo"). */
export function isKnownTimeZone(zone: string): boolean {
  if (!zone.includes('/') && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
