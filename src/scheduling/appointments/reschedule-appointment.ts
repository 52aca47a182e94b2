import { isExclusionViolation, isResourceOverbooked, isUniqueViolation } from '../../db/index.js';
import { localDateTimeOf } from '../../shared/index.js';
import { findNearestFreeSlots, refused } from '../availability/index.js';
import type { SchedulingDeps } from './appointment-changed.js';
import { findAppointment } from './appointment-view.js';
import { decideCancellation } from './cancel-appointment.js';
import { findMoveByKey } from './find-move-by-key.js';
import { moveAppointment, NoLongerUpcoming } from './move-appointment.js';
import type { RescheduleAppointmentOutcome, RescheduleAppointmentRequest } from './reschedule-request.js';
import { rescheduleVisit } from './reschedule-visit.js';
import { resolveSlot } from './resolve-slot.js';
import { refusalOf } from './transition-appointment.js';

export type { RescheduleAppointmentOutcome, RescheduleAppointmentRequest, VisitMove } from './reschedule-request.js';

/**
 * The one reschedule (bot, offline assistant, reminders' flows, staff): the appointment
 * keeps its service and (unless staff name another one) its professional, and moves to
 * another start checked under the policy's rules. The appointment keeps its id, status, source
 * and history: moveAppointment changes the row in place in one transaction, so on any refusal
 * nothing changes. Refuses: unknown (another customer's or tenant's alike), cancelled, started,
 * inside the cancellation notice (customers), every refusal of resolveSlot, and a conflict at
 * the update (`slot_taken` / `resource_taken`, just now). Idempotent per key.
 * A row of a visit moves the whole visit with it (rescheduleVisit).
 */
export async function rescheduleAppointment<After = undefined>(
  scheduling: SchedulingDeps,
  request: RescheduleAppointmentRequest<After>,
): Promise<RescheduleAppointmentOutcome<After>> {
  const { db } = scheduling;
  const scope = { tenantId: request.tenantId, customerId: request.customerId, appointmentId: request.appointmentId };
  const previous = await findAppointment(db, scope);
  if (!previous) return refused({ kind: 'appointment_not_found', appointmentId: request.appointmentId });
  const byKey = () => findMoveByKey(db, { ...scope, idempotencyKey: request.idempotencyKey });
  const replay = await byKey();
  if (replay) return { kind: 'unchanged', appointment: replay, previous };
  const { rules } = request.policy;
  const decision = decideCancellation(previous, request.now, rules.cancellationNotice ? previous.cancelNoticeMinutes : null);
  if (decision.kind === 'unchanged') return refused({ kind: 'appointment_cancelled', appointmentId: previous.id });
  if (decision.kind === 'refused') return refused(refusalOf(decision.reason, previous));
  const professionalId = request.professionalId ?? previous.professional.id;
  if (localDateTimeOf(previous.startsAt.getTime(), previous.timezone) === request.start && professionalId === previous.professional.id) {
    return { kind: 'unchanged', appointment: previous, previous };
  }
  if (previous.visitId !== null) return rescheduleVisit(scheduling, request, { ...previous, visitId: previous.visitId });

  const slot = await resolveSlot(db, {
    tenantId: request.tenantId,
    professionalId,
    serviceId: previous.service.id,
    start: request.start,
    now: request.now,
    rules,
    ignoreAppointmentId: previous.id,
  });
  if (slot.kind === 'refused') return slot;
  try {
    const moved = await moveAppointment(scheduling, {
      tenantId: request.tenantId,
      previous,
      professionalId,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      priceCents: slot.service.priceCents,
      bufferAfterMinutes: slot.service.bufferAfterMinutes,
      idempotencyKey: request.idempotencyKey,
      source: request.policy.source,
      actor: request.policy.actor,
      now: request.now,
      ...(request.afterChange ? { afterChange: request.afterChange } : {}),
    });
    const appointment = await findAppointment(db, { ...scope, appointmentId: moved.id });
    if (!appointment) throw new Error(`appointment ${moved.id} not found right after it was rescheduled`);
    return { kind: 'moved', appointment, previous, after: moved.after };
  } catch (error) {
    if (error instanceof NoLongerUpcoming) return refused({ kind: 'appointment_cancelled', appointmentId: previous.id });
    if (isUniqueViolation(error)) {
      const concurrentReplay = await byKey();
      if (concurrentReplay) return { kind: 'unchanged', appointment: concurrentReplay, previous };
    }
    const racedResource = isResourceOverbooked(error);
    if (!racedResource && !isExclusionViolation(error)) throw error;
    const alternatives = await findNearestFreeSlots(db, {
      tenantId: request.tenantId,
      professionalId,
      service: slot.service,
      around: slot.startsAt.getTime(),
      timezone: slot.settings.timezone,
      window: slot.window,
      ignoreAppointmentId: previous.id,
    });
    if (racedResource) return refused({ kind: 'resource_taken', start: request.start, alternatives });
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
