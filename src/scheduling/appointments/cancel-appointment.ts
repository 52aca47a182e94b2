import type { Tx } from '../../db/index.js';
import type { SchedulingDeps } from './appointment-changed.js';
import { isUpcomingStatus, toAppointmentStatus } from './appointment-status.js';
import type { AppointmentView } from './appointment-view.js';
import type { BookingPolicy } from './booking-policy.js';
import { type TransitionDecision, type TransitionOutcome, transitionAppointment } from './transition-appointment.js';

export interface CancelAppointmentRequest<After> {
  tenantId: number;
  appointmentId: number;
  /** the conversation's customer: only their appointment is found (staff leave it out) */
  customerId?: number | undefined;
  now: Date;
  policy: BookingPolicy;
  /** why (staff's words), kept in the appointment's history */
  reason?: string | undefined;
  /** runs inside the change's transaction, only when this call cancelled it (so the customer is told once) */
  afterChange?(tx: Tx, before: AppointmentView): Promise<After>;
}

/**
 * The one cancellation (bot, offline assistant, reminders' taps, staff). At the locked row:
 * a hold waiting for its deposit (`pending_payment`) is cancelled whatever the notice;
 * cancelled already is `unchanged` (nothing changes, nothing runs); one that started or is
 * over is refused `appointment_started`; under customer rules one starting inside the
 * tenant's cancellation notice is refused `cancel_notice`. Unknown ids (another customer's
 * or tenant's alike) are `appointment_not_found`. The change is recorded under the policy's
 * actor and the subscribers are told (`cancelled`).
 */
export function cancelAppointment<After = undefined>(
  scheduling: SchedulingDeps,
  request: CancelAppointmentRequest<After>,
): Promise<TransitionOutcome<After>> {
  const { policy, reason, ...rest } = request;
  return transitionAppointment(scheduling, {
    ...rest,
    ...(reason ? { details: { reason } } : {}),
    actor: policy.actor,
    to: 'cancelled',
    change: 'cancelled',
    decide: (row, now, appointment) =>
      // A hold waiting for its deposit can always be given up before it starts (nothing is paid yet).
      row.status === 'pending_payment' && row.startsAt.getTime() > now.getTime()
        ? { kind: 'apply' }
        : decideCancellation(row, now, policy.rules.cancellationNotice ? appointment.cancelNoticeMinutes : null),
  });
}

/**
 * Pure: whether an appointment may be cancelled (or moved: a move frees the old time too) at
 * `now`; `noticeMinutes` is the tenant's cancellation notice when it binds (customers), null
 * when it does not (staff).
 */
export function decideCancellation(row: { status: string; startsAt: Date }, now: Date, noticeMinutes: number | null): TransitionDecision {
  if (row.status === 'cancelled') return { kind: 'unchanged' };
  const ahead = row.startsAt.getTime() - now.getTime();
  if (!isUpcomingStatus(toAppointmentStatus(row.status)) || ahead <= 0) return { kind: 'refused', reason: 'started' };
  if (noticeMinutes !== null && ahead < noticeMinutes * 60_000) return { kind: 'refused', reason: 'cancel_notice' };
  return { kind: 'apply' };
}
