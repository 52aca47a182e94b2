import { localDateTimeOf } from '../shared/index.js';

/** An instant as ISO 8601 in the tenant's zone with its offset (`2026-12-02T15:30:00.000-03:00`), as Mercado Pago writes dates. */
export function isoWithOffset(instant: number, zone: string): string {
  const seconds = Math.floor(instant / 1000) * 1000;
  const local = localDateTimeOf(seconds, zone);
  const asUtc = Date.parse(`${local}:00.000Z`) + new Date(seconds).getUTCSeconds() * 1000;
  const offsetMinutes = Math.round((asUtc - seconds) / 60_000);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const absolute = Math.abs(offsetMinutes);
  const offset = `${sign}${String(Math.floor(absolute / 60)).padStart(2, '0')}:${String(absolute % 60).padStart(2, '0')}`;
  const secondsText = String(new Date(seconds).getUTCSeconds()).padStart(2, '0');
  return `${local}:${secondsText}.000${offset}`;
}
