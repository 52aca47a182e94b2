import type { Db, Tx } from '../db/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import { type TransitionDecision, type TransitionOutcome, transitionAppointment } from './transition-appointment.js';

/**
 * booked → confirmed for an appointment that has not started: confirmed again is
 * `unchanged`; cancelled, started or finished ones are `refused`. A confirmed
 * appointment still holds its time. For reminders' "Confirmar" (actor
 * `customer_reminder`, scoped to that customer) and for staff. `afterChange` runs inside the
 * change's transaction, only when the status changed (e.g. counting the confirmation).
 */
export function confirmAppointment(
  db: Db,
  request: {
    tenantId: number;
    appointmentId: number;
    customerId?: number;
    actor: AppointmentActor;
    now: Date;
    afterChange?(tx: Tx): Promise<void>;
  },
): Promise<TransitionOutcome<undefined>> {
  const { afterChange, ...rest } = request;
  return transitionAppointment(db, {
    ...rest,
    to: 'confirmed',
    change: 'confirmed',
    decide: decideConfirmation,
    ...(afterChange
      ? {
          afterChange: async (tx) => {
            await afterChange(tx);
            return undefined;
          },
        }
      : {}),
  });
}

/** Pure: whether a locked appointment can be confirmed at `now`. */
export function decideConfirmation(row: { status: string; startsAt: Date }, now: Date): TransitionDecision {
  if (row.status === 'confirmed') return { kind: 'unchanged' };
  if (row.status === 'cancelled') return { kind: 'refused', reason: 'cancelled' };
  if (row.status !== 'booked') return { kind: 'refused', reason: 'not_upcoming' };
  if (row.startsAt.getTime() <= now.getTime()) return { kind: 'refused', reason: 'started' };
  return { kind: 'apply' };
}
