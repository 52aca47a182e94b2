import type { Queryable } from '../db/index.js';
import { parseLocalDate, ToolDomainException, weekdayName, weekdayOf } from '../shared/index.js';
import { bookingWindow, slotsOnDate } from './booking-window.js';
import { findNextDateWithSlots } from './find-next-date-with-slots.js';
import { type BookingSettings, loadSchedule, type ServiceInfo } from './load-schedule.js';
import { resolveProfessionalService } from './resolve-professional-service.js';
import { schedulingMessages } from './scheduling-messages.js';

export interface DayAvailability {
  settings: BookingSettings;
  professional: { id: number; name: string };
  service: ServiceInfo;
  date: string;
  /** Free start instants (epoch ms), ascending. */
  slots: number[];
  /** Only when `slots` is empty: the next date with a free start time, or null. */
  nextDateWithSlots?: string | null;
}

/**
 * The free start times of one professional on one local date for a service, honouring
 * weekly hours, time off, booked appointments, the service's duration, the slot step, the
 * minimum notice and the horizon, in the tenant's zone. The common case costs one query.
 * Refuses (ToolDomainException): invalid date, unknown professional/service (other
 * tenants' ids alike), a service the professional does not offer, a past date, a date
 * beyond the horizon, a weekday without working hours (naming the next date with a free time).
 */
export async function findFreeSlots(
  db: Queryable,
  query: { tenantId: number; professionalId: number; serviceId?: number | null; date: string; now: Date },
): Promise<DayAvailability> {
  if (!parseLocalDate(query.date)) throw new ToolDomainException(schedulingMessages.invalidDate(query.date), 'invalid_date');
  const schedule = await loadSchedule(db, { ...query, fromDate: query.date, toDate: query.date });
  const { professional, service } = await resolveProfessionalService(db, query.tenantId, schedule, query);
  const window = bookingWindow(schedule.settings, query.now);
  if (query.date < window.today) {
    throw new ToolDomainException(schedulingMessages.datePast(query.date, window.today), 'date_past');
  }
  if (query.date > window.lastDate) {
    throw new ToolDomainException(
      schedulingMessages.beyondHorizon(query.date, window.lastDate, schedule.settings.horizonDays),
      'beyond_horizon',
    );
  }
  const base = { tenantId: query.tenantId, professionalId: professional.id, service, afterDate: query.date, window };
  if ((schedule.hoursByWeekday[weekdayOf(query.date)] ?? []).length === 0) {
    const next = await findNextDateWithSlots(db, base);
    throw new ToolDomainException(
      schedulingMessages.noWorkingHours(
        professional.name,
        query.date,
        weekdayName(query.date),
        next ? { date: next, weekday: weekdayName(next) } : null,
        window.lastDate,
      ),
      'no_working_hours',
    );
  }
  const slots = slotsOnDate(schedule, service, query.date, window);
  const availability: DayAvailability = { settings: schedule.settings, professional, service, date: query.date, slots };
  if (slots.length === 0) availability.nextDateWithSlots = await findNextDateWithSlots(db, base);
  return availability;
}
