import type { Queryable } from '../../db/index.js';
import { addDays, earlierDate, laterDate } from '../../shared/index.js';
import type { ServiceInfo } from '../catalog/index.js';
import { type BookingWindow, slotsOnDate } from './booking-window.js';
import { loadResourceCheck, type ResourceHolder } from './load-resource-check.js';
import { loadSchedule } from './load-schedule.js';

/** How far ahead the search looks at most, so a long horizon cannot make one call slow. */
const MAX_SEARCH_DAYS = 62;

/**
 * The first local date after `afterDate` (and not before today) on which the professional
 * has a free start time for `service` (its buffer and the resources it needs included),
 * within the booking window; null when none.
 */
export async function findNextDateWithSlots(
  db: Queryable,
  query: {
    tenantId: number;
    professionalId: number;
    service: ServiceInfo & ResourceHolder;
    afterDate: string;
    window: BookingWindow;
    ignoreAppointmentId?: number | null;
  },
): Promise<string | null> {
  const fromDate = laterDate(addDays(query.afterDate, 1), query.window.today);
  const limit = addDays(fromDate, MAX_SEARCH_DAYS);
  const toDate = earlierDate(query.window.lastDate, limit);
  if (fromDate > toDate) return null;
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
  for (let date = fromDate; date <= toDate; date = addDays(date, 1)) {
    if (slotsOnDate(schedule, query.service, date, query.window).some(isResourceFree)) return date;
  }
  return null;
}
