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
  const settingsRow = await db.tenant.findUniqueOrThrow({
    where: { id: query.tenantId },
    select: { timezone: true, minNoticeMinutes: true, horizonDays: true, slotStepMinutes: true, cancelNoticeMinutes: true },
  });
  const window = bookingWindow(settingsRow, query.now);
  if (query.date < window.today) return refused({ kind: 'date_past', date: query.date, today: window.today });
  if (query.date > window.lastDate) {
    return refused({ kind: 'beyond_horizon', date: query.date, lastDate: window.lastDate, horizonDays: settingsRow.horizonDays });
  }
  const loaded = await loadVisitFacts(db, { tenantId: query.tenantId, items: query.items, date: query.date, window });
  if (loaded.kind === 'refused') return loaded;
  const day: VisitDay = { settings: loaded.settings, date: query.date, starts: visitStartsOn(loaded.facts) };
  if (loaded.facts.closedDay !== null) day.closedDay = loaded.facts.closedDay;
  return { kind: 'day', day };
}
