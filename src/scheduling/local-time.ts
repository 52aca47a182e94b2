import { TZDate } from '@date-fns/tz';

/**
 * Calendar arithmetic in a tenant's IANA zone. Dates are "YYYY-MM-DD" strings and times
 * minutes since local midnight, as working hours are stored; instants are epoch ms (UTC).
 * TZDate resolves wall times that do not exist (spring-forward gap) to the instant just
 * after the gap and ambiguous ones (fall-back) to the first occurrence, so every local
 * label maps to exactly one instant.
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

/** The instant of `minute` minutes after local midnight of `date` (1440 = next midnight). */
export function localInstant(date: string, minute: number, zone: string): number {
  const [year, month, day] = parseLocalDate(date) ?? invalidDate(date);
  return new TZDate(year, month - 1, day, 0, minute, zone).getTime();
}

/** The local date "YYYY-MM-DD" of an instant. */
export function localDateOf(instant: number, zone: string): string {
  const local = new TZDate(instant, zone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** The local time "HH:mm" of an instant. */
export function localTimeOf(instant: number, zone: string): string {
  const local = new TZDate(instant, zone);
  return `${pad(local.getHours())}:${pad(local.getMinutes())}`;
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
