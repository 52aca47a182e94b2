/** "HH:mm" from 00:00 to 23:59, plus "24:00" (end of day, valid only as an interval's end). */
export const CLOCK_TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** A local date-time without zone, as tenant files write it: "YYYY-MM-DDTHH:mm". */
export const LOCAL_DATE_TIME_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since local midnight of an "HH:mm" that matches CLOCK_TIME_PATTERN. */
export function minutesOfDay(clockTime: string): number {
  const [hours, minutes] = clockTime.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** "HH:mm" of minutes since local midnight (1440 → "24:00"). */
export function clockTimeOf(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The parts of a "YYYY-MM-DDTHH:mm", or undefined when it is not a real calendar date-time. */
export function parseLocalDateTime(text: string): { year: number; month: number; day: number; hour: number; minute: number } | undefined {
  const match = LOCAL_DATE_TIME_PATTERN.exec(text);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return undefined;
  return { year, month, day, hour, minute };
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
