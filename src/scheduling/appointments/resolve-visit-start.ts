import type { Queryable } from '../../db/index.js';
import { localDateOf, localDateTimeOf, localInstant, parseLocalDateTime } from '../../shared/index.js';
import {
  type BookingSettings,
  type BookingWindow,
  bookingWindow,
  loadVisitFacts,
  type PlannedItem,
  planVisitAt,
  type Refused,
  refused,
  type VisitFacts,
  type VisitItemRequest,
  visitStartsOn,
} from '../availability/index.js';
import type { AppointmentRefusal } from './appointment-refusal.js';
import type { BookingRules } from './booking-policy.js';

export interface VisitStartRequest {
  tenantId: number;
  /** the services in order, each with its professional or anyone who does it */
  items: readonly VisitItemRequest[];
  /** Local "YYYY-MM-DDTHH:mm": when the item at `leadMinutes` into the visit starts (the first one by default). */
  start: string;
  /**
   * How long after the visit's start the item `start` names begins (a move of a visit's later
   * row names that row's new start); refusals' alternatives are given in the same terms.
   */
  leadMinutes?: number;
  now: Date;
  rules: BookingRules;
  /** rows whose time does not count as busy (the visit being moved) */
  ignoreAppointmentIds?: number[];
}

/** A start where the whole visit fits, with its plan and what the writer needs to word a refusal at insert. */
export interface PlannedVisit {
  kind: 'planned';
  items: PlannedItem[];
  settings: BookingSettings;
  window: BookingWindow;
  /** the day's fitting starts nearest the requested one, read again (after the database refused a row) */
  freshAlternatives(): Promise<string[]>;
}

/** How many of the day's fitting starts a refusal offers. */
const ALTERNATIVES = 3;

/**
 * Checks a visit's start under the policy's rules, for a booking or a move: a valid local time
 * the clocks do not skip, not past, within the horizon, not a closed day; customers get only
 * the day's offered starts (the first service's grid, after the notice), staff any minute
 * (inside hours unless `outsideHours`). Every service must fit its professional's hours,
 * breaks, time off, blocks, bookings and buffers, and every resource its count. The plan is
 * pure (planVisitAt); the final word on collisions stays with the database at insert.
 */
export async function resolveVisitStart(db: Queryable, request: VisitStartRequest): Promise<PlannedVisit | Refused<AppointmentRefusal>> {
  const parsed = parseLocalDateTime(request.start);
  if (!parsed) return refused({ kind: 'invalid_start', start: request.start });
  const { rules } = request;
  const settings = await db.tenant.findUniqueOrThrow({
    where: { id: request.tenantId },
    select: { timezone: true, minNoticeMinutes: true, horizonDays: true, slotStepMinutes: true, cancelNoticeMinutes: true },
  });
  const window = bookingWindow(settings, request.now, rules);
  const named = localInstant(parsed.date, parsed.minute, settings.timezone);
  if (localDateTimeOf(named, settings.timezone) !== request.start)
    return refused({ kind: 'time_skipped', start: request.start, timezone: settings.timezone });
  const leadMs = (request.leadMinutes ?? 0) * 60_000;
  const instant = named - leadMs;
  if (instant <= request.now.getTime() - rules.pastGraceMinutes * 60_000) {
    return refused({ kind: 'start_past', start: request.start, now: localDateTimeOf(request.now.getTime(), settings.timezone) });
  }
  const date = localDateOf(instant, settings.timezone);
  if (date > window.lastDate)
    return refused({ kind: 'beyond_horizon', date, lastDate: window.lastDate, horizonDays: settings.horizonDays });
  const factsQuery = {
    tenantId: request.tenantId,
    items: request.items,
    date,
    window,
    ignoreAppointmentIds: request.ignoreAppointmentIds ?? [],
  };
  const loaded = await loadVisitFacts(db, factsQuery);
  if (loaded.kind === 'refused') return loaded;
  const { facts } = loaded;
  if (facts.closedDay !== null) return refused({ kind: 'holiday', date, name: facts.closedDay, nextDate: null });
  const alternatives = (facts: VisitFacts) =>
    visitStartsOn(facts)
      .map(({ start }) => start)
      .sort((a, b) => Math.abs(a - instant) - Math.abs(b - instant) || a - b)
      .slice(0, ALTERNATIVES)
      .sort((a, b) => a - b)
      .map((start) => localDateTimeOf(start + leadMs, settings.timezone));
  const planned = (items: PlannedItem[]): PlannedVisit => ({
    kind: 'planned',
    items,
    settings,
    window,
    freshAlternatives: async () => {
      const again = await loadVisitFacts(db, factsQuery);
      return again.kind === 'loaded' ? alternatives(again.facts) : [];
    },
  });
  if (!rules.anyMinute && instant < window.earliest) {
    return refused({ kind: 'notice', start: request.start, minutes: settings.minNoticeMinutes, alternatives: alternatives(facts) });
  }
  if (rules.anyMinute) {
    const plan = planVisitAt(facts, instant, { withinHours: !rules.outsideHours });
    if (plan.kind === 'misfit')
      return refused({ kind: 'visit_not_fit', start: request.start, reason: plan.reason, alternatives: alternatives(facts) });
    return planned(plan.items);
  }
  const offered = visitStartsOn(facts).find(({ start }) => start === instant);
  if (!offered) {
    const plan = planVisitAt(facts, instant);
    const reason = plan.kind === 'misfit' ? plan.reason : 'outside_hours';
    return refused({ kind: 'visit_not_fit', start: request.start, reason, alternatives: alternatives(facts) });
  }
  return planned(offered.items);
}
