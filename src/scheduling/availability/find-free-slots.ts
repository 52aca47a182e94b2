import type { Queryable } from '../../db/index.js';
import { parseLocalDate, weekdayOf } from '../../shared/index.js';
import type { ServiceInfo } from '../catalog/index.js';
import { type AvailabilityRefusal, type Named, type Refused, refused } from './availability-refusal.js';
import { bookingWindow, slotsOnDate } from './booking-window.js';
import { findNextDateWithSlots } from './find-next-date-with-slots.js';
import { loadResourceCheck } from './load-resource-check.js';
import { type BookingSettings, loadSchedule } from './load-schedule.js';
import { resolveProfessionalService } from './resolve-professional-service.js';

export interface DayAvailability {
  settings: BookingSettings;
  professional: Named;
  service: ServiceInfo;
  date: string;
  /** Free start instants (epoch ms), ascending. */
  slots: number[];
  /** Only when `slots` is empty: the next date with a free start time, or null. */
  nextDateWithSlots?: string | null;
}

export type FreeSlots = { kind: 'day'; day: DayAvailability } | Refused<AvailabilityRefusal>;

/**
 * The free start times of one professional on one local date for a service, honouring
 * weekly hours, holidays, time off, booked appointments, the service's duration and buffer, the
 * resources it needs, the slot step, the minimum notice and the horizon, in the tenant's zone. The common case costs one query.
 * Refuses (as a value): an invalid date, an unknown professional/service (other tenants' ids
 * alike), a service the professional does not offer, a past date, a date beyond the horizon,
 * a closed day (a holiday, named) or a weekday without working hours (both naming the next date with a free time).
 */
export async function findFreeSlots(
  db: Queryable,
  query: { tenantId: number; professionalId: number; serviceId?: number | null; date: string; now: Date },
): Promise<FreeSlots> {
  if (!parseLocalDate(query.date)) return refused({ kind: 'invalid_date', date: query.date });
  const schedule = await loadSchedule(db, { ...query, fromDate: query.date, toDate: query.date });
  const resolved = await resolveProfessionalService(db, query.tenantId, schedule, query);
  if (resolved.kind === 'refused') return resolved;
  const { professional, service } = resolved;
  const window = bookingWindow(schedule.settings, query.now);
  if (query.date < window.today) return refused({ kind: 'date_past', date: query.date, today: window.today });
  if (query.date > window.lastDate) {
    return refused({ kind: 'beyond_horizon', date: query.date, lastDate: window.lastDate, horizonDays: schedule.settings.horizonDays });
  }
  const base = { tenantId: query.tenantId, professionalId: professional.id, service, afterDate: query.date, window };
  const holiday = schedule.closedDays.get(query.date);
  if (holiday !== undefined) {
    return refused({ kind: 'holiday', date: query.date, name: holiday, nextDate: await findNextDateWithSlots(db, base) });
  }
  if ((schedule.hoursByWeekday[weekdayOf(query.date)] ?? []).length === 0) {
    const nextDate = await findNextDateWithSlots(db, base);
    return refused({ kind: 'no_working_hours', professional, date: query.date, nextDate, lastDate: window.lastDate });
  }
  const isResourceFree = await loadResourceCheck(db, { tenantId: query.tenantId, service, fromDate: query.date, toDate: query.date });
  const slots = slotsOnDate(schedule, service, query.date, window).filter(isResourceFree);
  const day: DayAvailability = { settings: schedule.settings, professional, service, date: query.date, slots };
  if (slots.length === 0) day.nextDateWithSlots = await findNextDateWithSlots(db, base);
  return { kind: 'day', day };
}
