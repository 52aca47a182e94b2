import { addDays, localDateOf, weekdayOf } from '../shared/index.js';
import { computeDaySlots } from './compute-day-slots.js';
import type { BookingSettings, ProfessionalSchedule, ServiceInfo } from './load-schedule.js';

/** What "now" allows: today's local date, the last bookable date, and the earliest start. */
export interface BookingWindow {
  today: string;
  /** today + horizon days (local); later dates are not bookable. */
  lastDate: string;
  /** now + minimum notice (epoch ms). */
  earliest: number;
}

/** The booking window at `now` under the tenant's settings, in its zone. */
export function bookingWindow(settings: BookingSettings, now: Date): BookingWindow {
  const today = localDateOf(now.getTime(), settings.timezone);
  return {
    today,
    lastDate: addDays(today, settings.horizonDays),
    earliest: now.getTime() + settings.minNoticeMinutes * 60_000,
  };
}

/** Free start instants of `date` for `service`, or none when the date is outside the window. Pure. */
export function slotsOnDate(schedule: ProfessionalSchedule, service: ServiceInfo, date: string, window: BookingWindow): number[] {
  if (date < window.today || date > window.lastDate) return [];
  return computeDaySlots({
    date,
    zone: schedule.settings.timezone,
    intervals: schedule.hoursByWeekday[weekdayOf(date)] ?? [],
    durationMinutes: service.durationMinutes,
    stepMinutes: schedule.settings.slotStepMinutes,
    busy: schedule.busy,
    earliest: window.earliest,
  });
}
