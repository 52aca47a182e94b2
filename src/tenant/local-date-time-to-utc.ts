import { TZDate } from '@date-fns/tz';
import { parseLocalDateTime } from './local-time.js';

/**
 * The instant of a tenant-local "YYYY-MM-DDTHH:mm" in `timeZone`, honouring DST: a wall
 * time skipped by a spring-forward gap moves forward by the gap (02:30 → 03:30), an
 * ambiguous fall-back wall time takes its first (daylight) occurrence.
 * Throws on a malformed text; tenant files are validated before they get here.
 */
export function localDateTimeToUtc(text: string, timeZone: string): Date {
  const parts = parseLocalDateTime(text);
  if (!parts) throw new Error(`not a local date-time: ${text}`);
  return new Date(new TZDate(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, timeZone).getTime());
}
