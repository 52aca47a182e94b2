import { type Db, isExclusionViolation, isUniqueViolation } from '../db/index.js';
import { localDateTimeOf, ToolDomainException } from '../shared/index.js';
import { type AppointmentActor, botActor } from './appointment-actor.js';
import type { AppointmentSource } from './appointment-status.js';
import { type AppointmentView, findAppointmentByKey, findCustomerAppointment } from './appointment-view.js';
import { assertChangeable } from './assert-changeable.js';
import { findNearestFreeSlots } from './find-nearest-free-slots.js';
import { moveAppointment, NoLongerUpcoming } from './move-appointment.js';
import { resolveRequestedSlot } from './resolve-requested-slot.js';
import { schedulingMessages } from './scheduling-messages.js';

export interface RescheduleOutcome {
  /** The appointment now in force (a new row; the old one is kept as cancelled). */
  appointment: AppointmentView;
  previous: AppointmentView;
  /** true when nothing changed: a repeated call, or the new start equals the current one. */
  alreadyApplied: boolean;
}

/**
 * Moves the customer's appointment to another start with the same professional and service.
 * Atomic (see `moveAppointment`): the old row is cancelled and the new one inserted in one
 * transaction, so on conflict nothing changes. Idempotent per key (tool_use id).
 */
export async function rescheduleAppointment(
  db: Db,
  request: {
    tenantId: number;
    customerId: number;
    appointmentId: number;
    start: string;
    idempotencyKey: string;
    now: Date;
    actor?: AppointmentActor;
    source?: AppointmentSource;
  },
): Promise<RescheduleOutcome> {
  const scope = { tenantId: request.tenantId, customerId: request.customerId, appointmentId: request.appointmentId };
  const notFound = () => new ToolDomainException(schedulingMessages.appointmentNotFound(request.appointmentId), 'appointment_not_found');
  const previous = await findCustomerAppointment(db, scope);
  if (!previous) throw notFound();
  const replay = await findAppointmentByKey(db, request);
  if (replay) return { appointment: replay, previous, alreadyApplied: true };
  if (previous.status === 'cancelled') {
    throw new ToolDomainException(schedulingMessages.rescheduleCancelled(previous.id), 'appointment_cancelled');
  }
  assertChangeable(previous, request.now);
  if (localDateTimeOf(previous.startsAt.getTime(), previous.timezone) === request.start) {
    return { appointment: previous, previous, alreadyApplied: true };
  }

  const slot = await resolveRequestedSlot(db, {
    tenantId: request.tenantId,
    professionalId: previous.professional.id,
    serviceId: previous.service.id,
    start: request.start,
    now: request.now,
    ignoreAppointmentId: previous.id,
  });
  try {
    const row = await moveAppointment(db, {
      tenantId: request.tenantId,
      previous,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      idempotencyKey: request.idempotencyKey,
      source: request.source ?? (await sourceOfCustomerMove(db, previous)),
      actor: request.actor ?? botActor(null),
      now: request.now,
    });
    const created = await findAppointmentByKey(db, request);
    if (!created || created.id !== row.id) throw new Error(`appointment ${row.id} not found right after it was rescheduled`);
    const cancelledPrevious = (await findCustomerAppointment(db, scope)) ?? previous;
    return { appointment: created, previous: cancelledPrevious, alreadyApplied: false };
  } catch (error) {
    if (error instanceof NoLongerUpcoming) {
      throw new ToolDomainException(schedulingMessages.rescheduleCancelled(previous.id), 'appointment_cancelled');
    }
    if (isUniqueViolation(error)) {
      const concurrentReplay = await findAppointmentByKey(db, request);
      if (concurrentReplay) return { appointment: concurrentReplay, previous, alreadyApplied: true };
    }
    if (!isExclusionViolation(error)) throw error;
    const alternatives = await findNearestFreeSlots(db, {
      tenantId: request.tenantId,
      professionalId: previous.professional.id,
      service: slot.service,
      around: slot.startsAt.getTime(),
      timezone: slot.settings.timezone,
      window: slot.window,
      ignoreAppointmentId: previous.id,
    });
    throw new ToolDomainException(schedulingMessages.slotJustTaken(request.start, slot.professional.name, alternatives), 'slot_just_taken');
  }
}

/**
 * The source of a move the customer asked the bot for: `reminder` when they had answered one of
 * the appointment's reminders with Remarcar (the move is that reminder's flow), else `bot`.
 */
async function sourceOfCustomerMove(db: Db, previous: AppointmentView): Promise<AppointmentSource> {
  const asked = await db.appointmentReminder.count({
    where: { tenantId: previous.tenantId, appointmentId: previous.id, answer: 'reschedule' },
  });
  return asked > 0 ? 'reminder' : 'bot';
}
