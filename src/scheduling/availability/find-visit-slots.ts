import type { Queryable } from '../../db/index.js';
import { parseLocalDate } from '../../shared/index.js';
import { type AvailabilityRefusal, type Refused, refused } from './availability-refusal.js';
import { bookingWindow } from './booking-window.js';
import type { BookingSettings } from './load-schedule.js';
import { loadVisitFacts, type VisitItemRequest } from './load-visit-facts.js';
import { type PlannedItem, visitStartsOn } from './visit-plan.js';

export interface VisitDay {
  settings: BookingSettings;
  date: string;
  /** Starts (epoch ms) where the whole visit fits, ascending, each with its services' times and professionals. */
  starts: { start: number; items: PlannedItem[] }[];
  /** the day's closed-day name (a holiday) when it is closed */
  closedDay?: string;
}

export type VisitSlots = { kind: 'day'; day: VisitDay } | Refused<AvailabilityRefusal>;

/**
 * The starts of one local date where a visit (several services in order, back to back from
 * one start, each after the one before plus its buffer) fits as a whole: working hours,
 * holidays, time off, blocks, bookings, buffers and resources, under the customer's window
 * (notice and horizon). Refusals as findFreeSlots gives them (invalid date, unknown ids, a
 * past date, beyond the horizon); a closed day answers with no starts and its name.
 */
export async function findVisitSlots(
  db: Queryable,
  query: { tenantId: number; items: readonly VisitItemRequest[]; date: string; now: Date },
): Promise<VisitSlots> {
  if (!parseLocalDate(query.date)) return refused({ kind: 'invalid_date', date: query.date });
  // The tenant's settings come with the schedules (one round trip); the window is checked right after.
  const windowOf = (settings: BookingSettings) => bookingWindow(settings, query.now);
  const loaded = await loadVisitFacts(db, { tenantId: query.tenantId, items: query.items, date: query.date, window: windowOf });
  if (loaded.kind === 'refused') return loaded;
  const window = windowOf(loaded.settings);
  if (query.date < window.today) return refused({ kind: 'date_past', date: query.date, today: window.today });
  if (query.date > window.lastDate) {
    return refused({ kind: 'beyond_horizon', date: query.date, lastDate: window.lastDate, horizonDays: loaded.settings.horizonDays });
  }
  const day: VisitDay = { settings: loaded.settings, date: query.date, starts: visitStartsOn(loaded.facts) };
  if (loaded.facts.closedDay !== null) day.closedDay = loaded.facts.closedDay;
  return { kind: 'day', day };
}
