import { localDateTimeOf, weekdayOf } from '../../shared/index.js';
import { type BookingWindow, isWithinWorkingHours, overlapsBusy, type ProfessionalSchedule, slotsOnDate } from '../availability/index.js';
import type { ServiceInfo } from '../catalog/index.js';
import type { BookingRules } from './booking-policy.js';

/**
 * What the rules make of a requested start, before any refusal is worded or completed:
 * `free` is bookable; `busy` overlaps something (an appointment, a block or time off: the
 * resolver finds which); the rest are refusals that only need the nearest free starts, the
 * next working date, or nothing more.
 */
export type StartVerdict =
  | { kind: 'free'; startsAt: number; endsAt: number; outsideHours: boolean }
  | { kind: 'skipped_by_clock' }
  | { kind: 'start_past' }
  | { kind: 'beyond_horizon' }
  | { kind: 'no_working_hours' }
  | { kind: 'closed_day'; name: string }
  | { kind: 'notice' }
  | { kind: 'busy'; startsAt: number; endsAt: number }
  | { kind: 'outside_working_hours' }
  | { kind: 'not_offered' };

export interface StartFacts {
  rules: BookingRules;
  schedule: ProfessionalSchedule;
  service: ServiceInfo & { bufferAfterMinutes?: number };
  window: BookingWindow;
  /** the request's local "YYYY-MM-DDTHH:mm", its date, and the instant it names in the tenant's zone */
  start: string;
  date: string;
  instant: number;
  now: Date;
}

/**
 * Decides a requested start under the rules (pure). Customers get only what availability
 * offers: ahead of now, within the horizon, on a working day, after the minimum notice, and
 * one of the day's offered starts. Staff get any minute from a little while ago on, inside
 * working hours unless they said `outsideHours`, and never over an appointment, a block or
 * time off (the database constraint has the last word on appointments at insert).
 */
export function decideStart(facts: StartFacts): StartVerdict {
  const { rules, schedule, service, window, instant } = facts;
  const zone = schedule.settings.timezone;
  const end = instant + service.durationMinutes * 60_000;
  // The buffer after the service is the professional's busy time too, but may run past closing.
  const holdEnd = end + (service.bufferAfterMinutes ?? 0) * 60_000;
  // A wall time the clocks skip resolves to another label. Customers are never offered it
  // (it falls out below as "not offered", with the nearest real starts); staff are told.
  const skipped = localDateTimeOf(instant, zone) !== facts.start;
  if (skipped && rules.anyMinute) return { kind: 'skipped_by_clock' };
  // Customers' starts must lie ahead; staff's may lie up to the grace behind (a walk-in who sat down).
  const pastLimit = facts.now.getTime() - rules.pastGraceMinutes * 60_000;
  if (rules.pastGraceMinutes > 0 ? instant < pastLimit : instant <= pastLimit) return { kind: 'start_past' };
  if (rules.horizon && facts.date > window.lastDate) return { kind: 'beyond_horizon' };
  // A holiday binds staff too: `outsideHours` never books over one.
  const holiday = schedule.closedDays.get(facts.date);
  if (holiday !== undefined) return { kind: 'closed_day', name: holiday };

  if (!rules.anyMinute) {
    if ((schedule.hoursByWeekday[weekdayOf(facts.date)] ?? []).length === 0) return { kind: 'no_working_hours' };
    if (instant < window.earliest) return { kind: 'notice' };
    if (!skipped && slotsOnDate(schedule, service, facts.date, window).includes(instant)) {
      return { kind: 'free', startsAt: instant, endsAt: end, outsideHours: false };
    }
    if (overlapsBusy(instant, holdEnd, schedule.busy)) return { kind: 'busy', startsAt: instant, endsAt: holdEnd };
    return isWithinWorkingHours(schedule, facts.date, instant, end) ? { kind: 'not_offered' } : { kind: 'outside_working_hours' };
  }

  if (overlapsBusy(instant, holdEnd, schedule.busy)) return { kind: 'busy', startsAt: instant, endsAt: holdEnd };
  const withinHours = isWithinWorkingHours(schedule, facts.date, instant, end);
  if (!withinHours && !rules.outsideHours) return { kind: 'outside_working_hours' };
  return { kind: 'free', startsAt: instant, endsAt: end, outsideHours: !withinHours };
}
