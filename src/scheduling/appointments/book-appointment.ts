import { inTransaction, isExclusionViolation, isResourceOverbooked, isUniqueViolation, Prisma, type Queryable } from '../../db/index.js';
import { localInstant, parseLocalDateTime } from '../../shared/index.js';
import { findNearestFreeSlots, type Refused, refused } from '../availability/index.js';
import { findOrCreateCustomer, type NormalizedPhone } from '../customers/index.js';
import { publishAppointmentChanged, type SchedulingDeps } from './appointment-changed.js';
import type { AppointmentRefusal } from './appointment-refusal.js';
import { UPCOMING_STATUSES } from './appointment-status.js';
import { type AppointmentView, findAppointmentByKey, queryAppointmentViews } from './appointment-view.js';
import type { BookingPolicy } from './booking-policy.js';
import { createAppointmentRow } from './create-appointment-row.js';
import { type DepositHold, decideDeposit, loadDepositFacts } from './deposit-rule.js';
import { resolveSlot } from './resolve-slot.js';

/** Whom a booking is for. */
export type BookingCustomer =
  /** the conversation's own customer (the bot, the offline assistant, a reminder's flow) */
  | { id: number }
  /** a customer staff name by phone: matched across `wa_id` forms, or created with this name */
  | { phone: NormalizedPhone; name: string };

export interface BookAppointmentRequest {
  tenantId: number;
  customer: BookingCustomer;
  professionalId: number;
  serviceId: number;
  /** Local "YYYY-MM-DDTHH:mm". */
  start: string;
  /** The tool_use id, menu step key or staff request key: the same key never books twice. */
  idempotencyKey: string;
  now: Date;
  policy: BookingPolicy;
  /** the waitlist offer this booking takes (its tap): the time its hold keeps is this booking's */
  waitlistOfferId?: number;
}

export type BookAppointmentOutcome =
  | {
      kind: 'booked';
      appointment: AppointmentView;
      /** true when an existing appointment was returned (same key, or the same customer asking again for the same slot) */
      alreadyExisted: boolean;
      /** true when booked outside the professional's working hours (staff's `outsideHours`) */
      outsideHours: boolean;
      /**
       * the deposit this booking waits for (the appointment is `pending_payment`, holding its slot until
       * `holdUntil`); null when it is booked at once. Only on a new booking: a replay reads the row's status.
       */
      deposit: DepositHold | null;
    }
  | Refused<AppointmentRefusal>;

/**
 * The one booking path (bot, offline assistant, reminders' flows, staff): the start is
 * checked under the policy's rules (resolveSlot), the customer found (or, for staff, found by
 * phone or created), and in ONE transaction the row and its history are written and the
 * subscribers told (`booked`). A service the policy's deposit demand covers (the tenant's
 * `payments.deposit`) is written `pending_payment` instead of booked, holding its slot until
 * the hold's end, and the event carries the deposit (its subscriber creates the charge). Idempotent: a repeated key returns the appointment it created,
 * and the conversation's customer asking again for the same professional, service and start
 * gets their existing booking. The `appointments_no_overlap` constraint is the guard against
 * races: the loser is refused `slot_taken` (just now) with the nearest free starts.
 */
export async function bookAppointment(scheduling: SchedulingDeps, request: BookAppointmentRequest): Promise<BookAppointmentOutcome> {
  const { db } = scheduling;
  const conversationCustomerId = 'id' in request.customer ? request.customer.id : undefined;
  const byKey = () => findAppointmentByKey(db, { ...request, customerId: conversationCustomerId });
  const existing = (appointment: AppointmentView): BookAppointmentOutcome => ({
    kind: 'booked',
    appointment,
    alreadyExisted: true,
    outsideHours: false,
    deposit: null,
  });
  const replay = await byKey();
  if (replay) return existing(replay);
  const own = conversationCustomerId === undefined ? null : await findOwnBookingAt(db, request, conversationCustomerId);
  if (own) return existing(own);

  const slot = await resolveSlot(db, { ...request, rules: request.policy.rules });
  if (slot.kind === 'refused') return slot;
  // After the checks: a refused staff booking creates no customer.
  const { customer } = request;
  const customerId = 'id' in customer ? customer.id : (await findOrCreateCustomer(db, { tenantId: request.tenantId, ...customer })).id;
  const depositFacts =
    request.policy.deposit === 'none' ? null : await loadDepositFacts(db, { tenantId: request.tenantId, serviceId: slot.service.id });
  const deposit = depositFacts
    ? decideDeposit({ demand: request.policy.deposit, ...depositFacts, priceCents: slot.service.priceCents, now: request.now })
    : null;
  try {
    const id = await inTransaction(db, async (tx) => {
      const appointment = await createAppointmentRow(
        tx,
        {
          tenantId: request.tenantId,
          customerId,
          professionalId: slot.professional.id,
          serviceId: slot.service.id,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          priceCents: slot.service.priceCents,
          bufferAfterMinutes: slot.service.bufferAfterMinutes,
          source: request.policy.source,
          idempotencyKey: request.idempotencyKey,
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
        ...(deposit ? { deposit } : {}),
      });
      return appointment.id;
    });
    // The view is read after the commit (relations read inside the transaction would run in
    // parallel on its one connection).
    const created = await byKey();
    if (!created || created.id !== id) throw new Error(`appointment ${id} not found right after it was booked`);
    return { kind: 'booked', appointment: created, alreadyExisted: false, outsideHours: slot.outsideHours, deposit };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const concurrentReplay = await byKey();
      if (concurrentReplay) return existing(concurrentReplay);
    }
    if (isResourceOverbooked(error)) return refused({ kind: 'resource_taken', start: request.start, alternatives: [] });
    if (!isExclusionViolation(error)) throw error;
    const concurrentOwn = conversationCustomerId === undefined ? null : await findOwnBookingAt(db, request, conversationCustomerId);
    if (concurrentOwn) return existing(concurrentOwn);
    const alternatives = await findNearestFreeSlots(db, {
      tenantId: request.tenantId,
      professionalId: slot.professional.id,
      service: slot.service,
      around: slot.startsAt.getTime(),
      timezone: slot.settings.timezone,
      window: slot.window,
    });
    return refused({
      kind: 'slot_taken',
      start: request.start,
      professional: slot.professional,
      appointmentId: null,
      justNow: true,
      alternatives,
    });
  }
}

/** The customer's booked or confirmed appointment with this professional and service at that local start, if any. */
async function findOwnBookingAt(db: Queryable, request: BookAppointmentRequest, customerId: number): Promise<AppointmentView | null> {
  const parsed = parseLocalDateTime(request.start);
  if (!parsed) return null;
  const tenant = await db.tenant.findUnique({ where: { id: request.tenantId }, select: { timezone: true } });
  if (!tenant) return null;
  const startsAt = new Date(localInstant(parsed.date, parsed.minute, tenant.timezone));
  const statuses: string[] = [...UPCOMING_STATUSES, 'pending_payment'];
  const [row] = await queryAppointmentViews(
    db,
    Prisma.sql`a.tenant_id = ${request.tenantId} AND a.customer_id = ${customerId} AND a.professional_id = ${request.professionalId}
      AND a.service_id = ${request.serviceId} AND a.starts_at = ${startsAt} AND a.status = ANY(${statuses}::text[])`,
    Prisma.sql`LIMIT 1`,
  );
  return row ?? null;
}
