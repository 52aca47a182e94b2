import { addDays, localDateOf, weekdayOf } from '../../shared/index.js';
import type { ServiceInfo } from '../catalog/index.js';
import { computeDaySlots } from './compute-day-slots.js';
import type { BookingSettings, ProfessionalSchedule } from './load-schedule.js';

/** What "now" allows: today's local date, the last bookable date, and the earliest start. */
export interface BookingWindow {
  today: string;
  /** the last bookable local date: today + horizon days, or far ahead when the horizon does not apply */
  lastDate: string;
  /** the earliest start (epoch ms): now + minimum notice, or now − a grace when starts may lie a little behind */
  earliest: number;
}

/** Which of the tenant's window settings bind a request: customers' bind all; staff's none of them. */
export interface WindowRules {
  /** the tenant's minimum notice before a start */
  minimumNotice: boolean;
  /** the tenant's horizon (days ahead) */
  horizon: boolean;
  /** how long ago a start may be, in minutes (staff enter a walk-in who sat down a moment ago) */
  pastGraceMinutes: number;
}

/** The customer's window: notice and horizon apply, and nothing behind now. */
export const CUSTOMER_WINDOW: WindowRules = { minimumNotice: true, horizon: true, pastGraceMinutes: 0 };

/** A date no booking reaches: "no horizon". */
const NO_LAST_DATE = '9999-12-31';

/** The booking window at `now` under the tenant's settings, in its zone, for these rules (the customer's by default). */
export function bookingWindow(settings: BookingSettings, now: Date, rules: WindowRules = CUSTOMER_WINDOW): BookingWindow {
  const today = localDateOf(now.getTime(), settings.timezone);
  return {
    today,
    lastDate: rules.horizon ? addDays(today, settings.horizonDays) : NO_LAST_DATE,
    earliest: rules.minimumNotice ? now.getTime() + settings.minNoticeMinutes * 60_000 : now.getTime() - rules.pastGraceMinutes * 60_000,
  };
}

/** Free start instants of `date` for `service` (its buffer included), or none when the date is outside the window or closed. Pure. */
export function slotsOnDate(
  schedule: ProfessionalSchedule,
  service: ServiceInfo & { bufferAfterMinutes?: number },
  date: string,
  window: BookingWindow,
): number[] {
  if (date < window.today || date > window.lastDate || schedule.closedDays.has(date)) return [];
  return computeDaySlots({
    date,
    zone: schedule.settings.timezone,
    intervals: schedule.hoursByWeekday[weekdayOf(date)] ?? [],
    durationMinutes: service.durationMinutes,
    bufferMinutes: service.bufferAfterMinutes ?? 0,
    stepMinutes: schedule.settings.slotStepMinutes,
    busy: schedule.busy,
    earliest: window.earliest,
  });
}
