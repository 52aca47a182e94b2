import type { Queryable } from '../../db/index.js';
import { addDays, earlierDate, laterDate, localDateOf, localDateTimeOf } from '../../shared/index.js';
import type { ServiceInfo } from '../catalog/index.js';
import { type BookingWindow, slotsOnDate } from './booking-window.js';
import { loadResourceCheck, type ResourceHolder } from './load-resource-check.js';
import { loadSchedule } from './load-schedule.js';

/**
 * Up to `limit` free start times closest to `around` (from the day before to a week after
 * it, within the booking window), in chronological order, formatted "YYYY-MM-DDTHH:mm" so
 * the model can pass one straight to `agendar`/`remarcar`. Free means as findFreeSlots
 * means it: the professional free for the service and its buffer, and a unit of every
 * resource it needs free as long.
 */
export async function findNearestFreeSlots(
  db: Queryable,
  query: {
    tenantId: number;
    professionalId: number;
    service: ServiceInfo & ResourceHolder;
    around: number;
    timezone: string;
    window: BookingWindow;
    ignoreAppointmentId?: number | null;
    limit?: number;
  },
): Promise<string[]> {
  const date = localDateOf(query.around, query.timezone);
  const dayBefore = addDays(date, -1);
  const fromDate = laterDate(dayBefore, query.window.today);
  const weekAfter = addDays(date, 7);
  const toDate = earlierDate(weekAfter, query.window.lastDate);
  if (fromDate > toDate) return [];
  const schedule = await loadSchedule(db, {
    tenantId: query.tenantId,
    professionalId: query.professionalId,
    serviceId: query.service.id,
    fromDate,
    toDate,
    ignoreAppointmentId: query.ignoreAppointmentId ?? null,
  });
  const isResourceFree = await loadResourceCheck(db, {
    tenantId: query.tenantId,
    service: query.service,
    fromDate,
    toDate,
    ignoreAppointmentIds: query.ignoreAppointmentId ? [query.ignoreAppointmentId] : [],
  });
  const candidates: number[] = [];
  for (let day = fromDate; day <= toDate; day = addDays(day, 1)) {
    candidates.push(...slotsOnDate(schedule, query.service, day, query.window).filter(isResourceFree));
  }
  return candidates
    .sort((a, b) => Math.abs(a - query.around) - Math.abs(b - query.around) || a - b)
    .slice(0, query.limit ?? 3)
    .sort((a, b) => a - b)
    .map((slot) => localDateTimeOf(slot, query.timezone));
}
