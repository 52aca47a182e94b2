import { isExclusionViolation, isResourceOverbooked, type Tx } from '../../db/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import type { SchedulingDeps } from './appointment-changed.js';
import type { AppointmentView } from './appointment-view.js';
import type { AppointmentChangeKind } from './record-appointment-event.js';
import { type TransitionOutcome, transitionAppointment } from './transition-appointment.js';

/**
 * How an appointment waiting for its deposit leaves `pending_payment`:
 * - `paid`: the deposit was paid (Mercado Pago approved it, or staff took cash) → booked;
 * - `waived`: staff let it go without a deposit → booked;
 * - `expired`: the hold ran out unpaid, or the charge could not be created → expired (the slot is free again);
 * - `paid_late`: a payment approved after the hold expired → booked again if the slot is still free.
 */
export type DepositSettlement = 'paid' | 'waived' | 'expired' | 'paid_late';

export type SettleDepositHoldOutcome<After> =
  | TransitionOutcome<After>
  /** `paid_late` only: someone else took the slot meanwhile (the payment is to be refunded) */
  | { kind: 'slot_gone'; appointment: AppointmentView | null };

const CHANGE_OF: Record<DepositSettlement, AppointmentChangeKind> = {
  paid: 'deposit_paid',
  waived: 'deposit_waived',
  expired: 'expired',
  paid_late: 'deposit_paid',
};

/**
 * Moves an appointment out of `pending_payment` (or, for a late payment, out of `expired`)
 * through the domain's one status path (the row locked, history with the actor, the
 * subscribers told `status_changed`, `afterChange` in the same transaction). Any other
 * status is left alone (`unchanged`): a second notification, or the expiry job racing the
 * payment, changes nothing. A late payment whose slot was taken meanwhile is `slot_gone`.
 */
export async function settleDepositHold<After = undefined>(
  scheduling: SchedulingDeps,
  request: {
    tenantId: number;
    appointmentId: number;
    settlement: DepositSettlement;
    actor: AppointmentActor;
    now: Date;
    afterChange?(tx: Tx, before: AppointmentView): Promise<After>;
  },
): Promise<SettleDepositHoldOutcome<After>> {
  const from = request.settlement === 'paid_late' ? 'expired' : 'pending_payment';
  try {
    return await transitionAppointment<After>(scheduling, {
      tenantId: request.tenantId,
      appointmentId: request.appointmentId,
      to: request.settlement === 'expired' ? 'expired' : 'booked',
      change: CHANGE_OF[request.settlement],
      actor: request.actor,
      now: request.now,
      decide: (row) =>
        row.status === from || (request.settlement === 'paid_late' && row.status === 'pending_payment')
          ? { kind: 'apply' }
          : { kind: 'unchanged' },
      ...(request.afterChange ? { afterChange: request.afterChange } : {}),
    });
  } catch (error) {
    if (request.settlement === 'paid_late' && (isExclusionViolation(error) || isResourceOverbooked(error))) {
      return { kind: 'slot_gone', appointment: null };
    }
    throw error;
  }
}
