import { type Db, isExclusionViolation, isUniqueViolation, type Prisma, type Tx } from '../db/index.js';
import { AppError, localDateTimeOf } from '../shared/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import { isUpcomingStatus } from './appointment-status.js';
import { type AppointmentView, appointmentViewSelect, toAppointmentView } from './appointment-view.js';
import { moveAppointment, NoLongerUpcoming } from './move-appointment.js';
import { resolveStaffSlot } from './resolve-staff-slot.js';

export type StaffRescheduleOutcome<After> =
  | { kind: 'moved'; appointment: AppointmentView; previous: AppointmentView; after: After }
  | { kind: 'unchanged'; appointment: AppointmentView };

/**
 * Staff move an appointment of their tenant that has not started to another start, same
 * professional and service, through the domain's one reschedule (`moveAppointment`): atomic,
 * the old row kept as cancelled, the new one `source: staff`. Same start → `unchanged`.
 * Refuses with AppError: unknown (404), cancelled (409 `appointment_cancelled`), started
 * (422 `appointment_started`), and every refusal of `resolveStaffSlot`; a conflict at insert
 * is 409 `slot_taken` and changes nothing. `afterChange` runs in the move's transaction.
 */
export async function rescheduleAppointmentByStaff<After = undefined>(
  db: Db,
  request: {
    tenantId: number;
    appointmentId: number;
    start: string;
    outsideHours: boolean;
    idempotencyKey: string;
    actor: AppointmentActor;
    now: Date;
    afterChange?: (tx: Tx, change: { previous: AppointmentView; startsAt: Date; endsAt: Date }) => Promise<After>;
  },
): Promise<StaffRescheduleOutcome<After>> {
  const read = async (where: Prisma.AppointmentWhereInput) => {
    const row = await db.appointment.findFirst({ where: { ...where, tenantId: request.tenantId }, select: appointmentViewSelect });
    return row ? toAppointmentView(row) : null;
  };
  const previous = await read({ id: request.appointmentId });
  if (!previous) throw new AppError('not_found', 'appointment not found', 404);
  const replay = await read({ idempotencyKey: request.idempotencyKey, rescheduledFromId: previous.id });
  if (replay) return { kind: 'unchanged', appointment: replay };
  if (previous.status === 'cancelled') throw new AppError('appointment_cancelled', `appointment ${previous.id} is cancelled`, 409);
  if (!isUpcomingStatus(previous.status) || previous.startsAt.getTime() <= request.now.getTime()) {
    throw new AppError('appointment_started', `appointment ${previous.id} has already started; record attendance instead`, 422);
  }
  if (localDateTimeOf(previous.startsAt.getTime(), previous.timezone) === request.start)
    return { kind: 'unchanged', appointment: previous };

  const slot = await resolveStaffSlot(db, {
    tenantId: request.tenantId,
    professionalId: previous.professional.id,
    serviceId: previous.service.id,
    start: request.start,
    now: request.now,
    outsideHours: request.outsideHours,
    ignoreAppointmentId: previous.id,
  });
  try {
    const moved = await moveAppointment(db, {
      tenantId: request.tenantId,
      previous,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      idempotencyKey: request.idempotencyKey,
      source: 'staff',
      actor: request.actor,
      now: request.now,
      ...(request.afterChange ? { afterChange: request.afterChange } : {}),
    });
    const appointment = await read({ id: moved.id });
    if (!appointment) throw new Error(`appointment ${moved.id} not found right after it was rescheduled`);
    return { kind: 'moved', appointment, previous: (await read({ id: previous.id })) ?? previous, after: moved.after as After };
  } catch (error) {
    if (error instanceof NoLongerUpcoming) {
      throw new AppError('appointment_cancelled', `appointment ${previous.id} was cancelled or moved meanwhile`, 409);
    }
    if (isUniqueViolation(error)) {
      const concurrentReplay = await read({ idempotencyKey: request.idempotencyKey });
      if (concurrentReplay) return { kind: 'unchanged', appointment: concurrentReplay };
    }
    if (isExclusionViolation(error))
      throw new AppError('slot_taken', `${request.start} with ${slot.professional.name} was just taken`, 409);
    throw error;
  }
}
