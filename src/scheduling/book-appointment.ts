import { type Db, inTransaction, isExclusionViolation, isUniqueViolation } from '../db/index.js';
import { localInstant, parseLocalDateTime, ToolDomainException } from '../shared/index.js';
import { type AppointmentActor, botActor } from './appointment-actor.js';
import { type AppointmentSource, UPCOMING_STATUSES } from './appointment-status.js';
import { type AppointmentView, appointmentViewSelect, findAppointmentByKey, toAppointmentView } from './appointment-view.js';
import { createAppointmentRow } from './create-appointment-row.js';
import { findNearestFreeSlots } from './find-nearest-free-slots.js';
import { resolveRequestedSlot } from './resolve-requested-slot.js';
import { schedulingMessages } from './scheduling-messages.js';

export interface BookingRequest {
  tenantId: number;
  customerId: number;
  professionalId: number;
  serviceId: number;
  /** Local "YYYY-MM-DDTHH:mm". */
  start: string;
  /** The tool_use id (or menu step key): the same key never books twice. */
  idempotencyKey: string;
  now: Date;
  /** Who books, for the appointment's history (the bot by default). */
  actor?: AppointmentActor;
  /** Who made the row (`bot` by default; `reminder` for a reminder's flow). */
  source?: AppointmentSource;
}

export interface BookingOutcome {
  appointment: AppointmentView;
  /** true when an existing appointment was returned (same key, or same customer/slot). */
  alreadyExisted: boolean;
}

/**
 * Books a slot that availability offers. Idempotent: a repeated key returns the appointment
 * it created, and the same customer asking again for the same professional, service and
 * start gets their existing booking. The `appointments_no_overlap` constraint is the guard
 * against races: the loser is refused with "just taken" and the three nearest free times.
 */
export async function bookAppointment(db: Db, request: BookingRequest): Promise<BookingOutcome> {
  const replay = await findAppointmentByKey(db, request);
  if (replay) return { appointment: replay, alreadyExisted: true };
  const own = await findOwnBookingAt(db, request);
  if (own) return { appointment: own, alreadyExisted: true };

  const slot = await resolveRequestedSlot(db, request);
  try {
    const id = await inTransaction(db, (tx) =>
      createAppointmentRow(
        tx,
        {
          tenantId: request.tenantId,
          customerId: request.customerId,
          professionalId: slot.professional.id,
          serviceId: slot.service.id,
          startsAt: slot.startsAt,
          endsAt: slot.endsAt,
          source: request.source ?? 'bot',
          idempotencyKey: request.idempotencyKey,
        },
        request.actor ?? botActor(null),
        request.now,
      ),
    );
    // The view is read after the commit (relations read inside the transaction would run in
    // parallel on its one connection).
    const created = await findAppointmentByKey(db, request);
    if (!created || created.id !== id) throw new Error(`appointment ${id} not found right after it was booked`);
    return { appointment: created, alreadyExisted: false };
  } catch (error) {
    if (isUniqueViolation(error)) {
      const concurrentReplay = await findAppointmentByKey(db, request);
      if (concurrentReplay) return { appointment: concurrentReplay, alreadyExisted: true };
    }
    if (!isExclusionViolation(error)) throw error;
    const concurrentOwn = await findOwnBookingAt(db, request);
    if (concurrentOwn) return { appointment: concurrentOwn, alreadyExisted: true };
    const alternatives = await findNearestFreeSlots(db, {
      tenantId: request.tenantId,
      professionalId: slot.professional.id,
      service: slot.service,
      around: slot.startsAt.getTime(),
      timezone: slot.settings.timezone,
      window: slot.window,
    });
    throw new ToolDomainException(schedulingMessages.slotJustTaken(request.start, slot.professional.name, alternatives), 'slot_just_taken');
  }
}

/** The customer's booked or confirmed appointment with this professional and service at that local start, if any. */
async function findOwnBookingAt(db: Db, request: BookingRequest): Promise<AppointmentView | null> {
  const parsed = parseLocalDateTime(request.start);
  if (!parsed) return null;
  const tenant = await db.tenant.findUnique({ where: { id: request.tenantId }, select: { timezone: true } });
  if (!tenant) return null;
  const row = await db.appointment.findFirst({
    where: {
      tenantId: request.tenantId,
      customerId: request.customerId,
      professionalId: request.professionalId,
      serviceId: request.serviceId,
      startsAt: new Date(localInstant(parsed.date, parsed.minute, tenant.timezone)),
      status: { in: [...UPCOMING_STATUSES] },
    },
    select: appointmentViewSelect,
  });
  return row ? toAppointmentView(row) : null;
}
