import type { Db, Tx } from '../db/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import type { AppointmentView } from './appointment-view.js';
import { type TransitionDecision, type TransitionOutcome, transitionAppointment } from './transition-appointment.js';

/**
 * Staff cancel an appointment of their tenant that has not started (no cancellation notice
 * applies to them). Cancelled already is `unchanged` (and `afterChange` does not run, so the
 * customer is told once); started, attended or no_show ones are `refused` (record attendance
 * instead).
 */
export function cancelAppointmentByStaff<After>(
  db: Db,
  request: {
    tenantId: number;
    appointmentId: number;
    actor: AppointmentActor;
    now: Date;
    afterChange?: (tx: Tx, before: AppointmentView) => Promise<After>;
  },
): Promise<TransitionOutcome<After>> {
  return transitionAppointment(db, { ...request, to: 'cancelled', change: 'cancelled', decide: decideStaffCancellation });
}

/** Pure: whether staff may cancel a locked appointment at `now`. */
export function decideStaffCancellation(row: { status: string; startsAt: Date }, now: Date): TransitionDecision {
  if (row.status === 'cancelled') return { kind: 'unchanged' };
  if (row.status !== 'booked' && row.status !== 'confirmed') return { kind: 'refused', reason: 'not_upcoming' };
  if (row.startsAt.getTime() <= now.getTime()) return { kind: 'refused', reason: 'started' };
  return { kind: 'apply' };
}
