import { inTransaction, isExclusionViolation, isResourceOverbooked, isUniqueViolation } from '../../db/index.js';
import { localDateTimeOf, localInstant, parseLocalDateTime } from '../../shared/index.js';
import {
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
import { findOrCreateCustomer } from '../customers/index.js';
import { publishAppointmentChanged, type SchedulingDeps } from './appointment-changed.js';
import type { AppointmentRefusal } from './appointment-refusal.js';
import { type AppointmentView, findAppointmentByKey, findVisitAppointments } from './appointment-view.js';
import type { BookingCustomer } from './book-appointment.js';
import type { BookingPolicy } from './booking-policy.js';
import { createAppointmentRow } from './create-appointment-row.js';

export interface BookVisitRequest {
  tenantId: number;
  customer: BookingCustomer;
  /** the services in order, each with its professional or anyone who does it */
  items: readonly VisitItemRequest[];
  /** Local "YYYY-MM-DDTHH:mm": when the first service starts. */
  start: string;
  idempotencyKey: string;
  now: Date;
  policy: BookingPolicy;
}

export type BookVisitOutcome =
  | { kind: 'booked'; visitId: number; appointments: AppointmentView[]; alreadyExisted: boolean }
  | Refused<AppointmentRefusal>;

/** How many of the day's fitting starts a refusal offers. */
const ALTERNATIVES = 3;

/** The idempotency key of a visit's n-th row (1-based): one request key, one key per row. */
const rowKey = (key: string, position: number) => `${key}#${position}`;

/**
 * Books a visit all or nothing: the services in order, back to back from `start` (each after
 * the one before plus its buffer), each with its professional, under the policy's rules. The
 * plan is checked first (hours, holidays, time off, blocks, bookings, buffers, resources);
 * then ONE transaction takes a visit id and inserts every row, telling the subscribers of each
 * (`booked`). Any row the database refuses (an overlap for a professional, a resource over its
 * count, both raced by a concurrent booking) rolls the whole visit back: nothing is booked.
 * Idempotent per key.
 */
export async function bookVisit(scheduling: SchedulingDeps, request: BookVisitRequest): Promise<BookVisitOutcome> {
  const { db } = scheduling;
  const conversationCustomerId = 'id' in request.customer ? request.customer.id : undefined;
  const replay = async () => {
    const first = await findAppointmentByKey(db, {
      tenantId: request.tenantId,
      customerId: conversationCustomerId,
      idempotencyKey: rowKey(request.idempotencyKey, 1),
    });
    if (!first?.visitId) return null;
    const appointments = await findVisitAppointments(db, { tenantId: request.tenantId, visitId: first.visitId });
    return { kind: 'booked' as const, visitId: first.visitId, appointments, alreadyExisted: true };
  };
  const replayed = await replay();
  if (replayed) return replayed;

  const parsed = parseLocalDateTime(request.start);
  if (!parsed) return refused({ kind: 'invalid_start', start: request.start });
  const { rules } = request.policy;
  const settings = await db.tenant.findUniqueOrThrow({
    where: { id: request.tenantId },
    select: { timezone: true, minNoticeMinutes: true, horizonDays: true, slotStepMinutes: true, cancelNoticeMinutes: true },
  });
  const window = bookingWindow(settings, request.now, rules);
  const instant = localInstant(parsed.date, parsed.minute, settings.timezone);
  if (localDateTimeOf(instant, settings.timezone) !== request.start)
    return refused({ kind: 'time_skipped', start: request.start, timezone: settings.timezone });
  if (instant <= request.now.getTime() - rules.pastGraceMinutes * 60_000) {
    return refused({ kind: 'start_past', start: request.start, now: localDateTimeOf(request.now.getTime(), settings.timezone) });
  }
  if (parsed.date > window.lastDate)
    return refused({ kind: 'beyond_horizon', date: parsed.date, lastDate: window.lastDate, horizonDays: settings.horizonDays });
  const loaded = await loadVisitFacts(db, { tenantId: request.tenantId, items: request.items, date: parsed.date, window });
  if (loaded.kind === 'refused') return loaded;
  const { facts } = loaded;
  if (facts.closedDay !== null) return refused({ kind: 'holiday', date: parsed.date, name: facts.closedDay, nextDate: null });
  const alternatives = (facts: VisitFacts) =>
    visitStartsOn(facts)
      .map(({ start }) => start)
      .sort((a, b) => Math.abs(a - instant) - Math.abs(b - instant) || a - b)
      .slice(0, ALTERNATIVES)
      .sort((a, b) => a - b)
      .map((start) => localDateTimeOf(start, settings.timezone));
  if (!rules.anyMinute && instant < window.earliest) {
    return refused({ kind: 'notice', start: request.start, minutes: settings.minNoticeMinutes, alternatives: alternatives(facts) });
  }
  let items: PlannedItem[];
  if (rules.anyMinute) {
    const plan = planVisitAt(facts, instant, { withinHours: !rules.outsideHours });
    if (plan.kind === 'misfit')
      return refused({ kind: 'visit_not_fit', start: request.start, reason: plan.reason, alternatives: alternatives(facts) });
    items = plan.items;
  } else {
    const offered = visitStartsOn(facts).find(({ start }) => start === instant);
    if (!offered) {
      const plan = planVisitAt(facts, instant);
      const reason = plan.kind === 'misfit' ? plan.reason : 'outside_hours';
      return refused({ kind: 'visit_not_fit', start: request.start, reason, alternatives: alternatives(facts) });
    }
    items = offered.items;
  }

  const { customer } = request;
  const customerId = 'id' in customer ? customer.id : (await findOrCreateCustomer(db, { tenantId: request.tenantId, ...customer })).id;
  try {
    const visitId = await inTransaction(db, async (tx) => {
      const [row] = await tx.$queryRaw<{ id: number }[]>`SELECT nextval('appointment_visit_ids')::int AS id`;
      const id = row!.id;
      for (const [index, item] of items.entries()) {
        const appointment = await createAppointmentRow(
          tx,
          {
            tenantId: request.tenantId,
            customerId,
            professionalId: item.professional.id,
            serviceId: item.service.id,
            startsAt: new Date(item.startsAt),
            endsAt: new Date(item.endsAt),
            visitId: id,
            priceCents: item.service.priceCents,
            bufferAfterMinutes: item.service.bufferAfterMinutes,
            source: request.policy.source,
            idempotencyKey: rowKey(request.idempotencyKey, index + 1),
          },
          request.policy.actor,
          request.now,
        );
        await publishAppointmentChanged(tx, scheduling.onAppointmentChanged, {
          kind: 'booked',
          appointment,
          at: request.now,
          actor: request.policy.actor,
        });
      }
      return id;
    });
    const appointments = await findVisitAppointments(db, { tenantId: request.tenantId, visitId });
    return { kind: 'booked', visitId, appointments, alreadyExisted: false };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const concurrent = await replay();
      if (concurrent) return concurrent;
    }
    const racedResource = isResourceOverbooked(error);
    if (!racedResource && !isExclusionViolation(error)) throw error;
    const again = await loadVisitFacts(db, { tenantId: request.tenantId, items: request.items, date: parsed.date, window });
    const fresh = again.kind === 'loaded' ? alternatives(again.facts) : [];
    if (racedResource) return refused({ kind: 'resource_taken', start: request.start, alternatives: fresh });
    const professional = items[0]!.professional;
    return refused({ kind: 'slot_taken', start: request.start, professional, appointmentId: null, justNow: true, alternatives: fresh });
  }
}
