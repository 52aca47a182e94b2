import type { AppointmentActor } from './appointment-actor.js';
import type { SchedulingDeps } from './appointment-changed.js';
import type { AttendanceStatus } from './appointment-status.js';
import { type TransitionDecision, type TransitionOutcome, transitionAppointment } from './transition-appointment.js';

/**
 * Records whether the customer came (`attended` | `no_show`), only for an appointment that
 * has started (else refused `not_started`); a recorded attendance may be corrected
 * (attended ↔ no_show). Cancelled appointments are refused `appointment_cancelled`.
 */
export function recordAttendance(
  scheduling: SchedulingDeps,
  request: { tenantId: number; appointmentId: number; status: AttendanceStatus; actor: AppointmentActor; now: Date },
): Promise<TransitionOutcome<undefined>> {
  return transitionAppointment(scheduling, {
    ...request,
    to: request.status,
    change: request.status,
    decide: (row, now) => decideAttendance(row, request.status, now),
  });
}

/** Pure: whether attendance `status` can be recorded for a locked appointment at `now`. */
export function decideAttendance(row: { status: string; startsAt: Date }, status: AttendanceStatus, now: Date): TransitionDecision {
  if (row.status === status) return { kind: 'unchanged' };
  if (row.status === 'cancelled') return { kind: 'refused', reason: 'cancelled' };
  if (row.startsAt.getTime() > now.getTime()) return { kind: 'refused', reason: 'not_started' };
  return { kind: 'apply' };
}
