import { inTransaction, isExclusionViolation, isResourceOverbooked, isUniqueViolation } from '../../db/index.js';
import { type Refused, refused, type VisitItemRequest } from '../availability/index.js';
import { findOrCreateCustomer } from '../customers/index.js';
import { publishAppointmentChanged, type SchedulingDeps } from './appointment-changed.js';
import type { AppointmentRefusal } from './appointment-refusal.js';
import { type AppointmentView, findAppointmentByKey, findVisitAppointments } from './appointment-view.js';
import type { BookingCustomer } from './book-appointment.js';
import type { BookingPolicy } from './booking-policy.js';
import { createAppointmentRow } from './create-appointment-row.js';
import { decideVisitDeposit } from './deposit-rule.js';
import { resolveVisitStart } from './resolve-visit-start.js';

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

/** The idempotency key of a visit's n-th row (1-based): one request key, one key per row. */
export const rowKey = (key: string, position: number) => `${key}#${position}`;

/**
 * Books a visit all or nothing: the services in order, back to back from `start` (each after
 * the one before plus its buffer), each with its professional, under the policy's rules. The
 * plan is checked first (resolveVisitStart: hours, holidays, time off, blocks, bookings, buffers, resources);
 * then ONE transaction takes a visit id and inserts every row, telling the subscribers of each
 * (`booked`). When the policy's deposit demand covers some of its services, every row is written
 * `pending_payment` and the first carries the visit's one deposit. Any row the database refuses (an overlap for a professional, a resource over its
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

  const plan = await resolveVisitStart(db, { ...request, rules: request.policy.rules });
  if (plan.kind === 'refused') return plan;
  const { items } = plan;

  const { customer } = request;
  const customerId = 'id' in customer ? customer.id : (await findOrCreateCustomer(db, { tenantId: request.tenantId, ...customer })).id;
  const deposit = await decideVisitDeposit(db, {
    tenantId: request.tenantId,
    demand: request.policy.deposit,
    services: items.map((item) => item.service),
    now: request.now,
  });
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
            status: deposit ? 'pending_payment' : 'booked',
          },
          request.policy.actor,
          request.now,
        );
        await publishAppointmentChanged(tx, scheduling.onAppointmentChanged, {
          kind: 'booked',
          appointment,
          at: request.now,
          actor: request.policy.actor,
          // The visit's one deposit rides on its first row.
          ...(deposit && index === 0 ? { deposit } : {}),
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
    const fresh = await plan.freshAlternatives();
    if (racedResource) return refused({ kind: 'resource_taken', start: request.start, alternatives: fresh });
    const professional = items[0]!.professional;
    return refused({ kind: 'slot_taken', start: request.start, professional, appointmentId: null, justNow: true, alternatives: fresh });
  }
}
