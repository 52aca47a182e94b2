import type { Tx } from '../../db/index.js';
import type { Refused } from '../availability/index.js';
import type { AppointmentRefusal } from './appointment-refusal.js';
import type { AppointmentView } from './appointment-view.js';
import type { BookingPolicy } from './booking-policy.js';

export interface RescheduleAppointmentRequest<After> {
  tenantId: number;
  appointmentId: number;
  /** the conversation's customer: only their appointment is found (staff leave it out) */
  customerId?: number | undefined;
  /** Local "YYYY-MM-DDTHH:mm". */
  start: string;
  /**
   * staff moving it to another professional (who must do the service); the same professional
   * when left out. In a visit only the named row changes professional; the visit moves as a whole.
   */
  professionalId?: number | undefined;
  /** The tool_use id, menu step key or staff request key: the same key never moves twice. */
  idempotencyKey: string;
  now: Date;
  policy: BookingPolicy;
  /**
   * runs inside the move's transaction (e.g. queueing the customer's notice); `visit` when the
   * row's whole visit moved: its old rows in order and its new start
   */
  afterChange?(
    tx: Tx,
    change: { previous: AppointmentView; startsAt: Date; endsAt: Date; visit?: { previous: readonly AppointmentView[]; startsAt: Date } },
  ): Promise<After>;
}

/** A visit moved as a whole: its id and rows (in order of start) as they are now, and the same rows as they were before. */
export interface VisitMove {
  visitId: number;
  appointments: AppointmentView[];
  previous: AppointmentView[];
}

export type RescheduleAppointmentOutcome<After> =
  /**
   * `appointment` is the row as it is now (same id); `previous` the same row as it was before
   * the move; `visit` when the row belongs to a visit, which moved as a whole
   */
  | { kind: 'moved'; appointment: AppointmentView; previous: AppointmentView; after: After; visit?: VisitMove }
  /** nothing changed: a repeated call (same key), or the new start equals the current one */
  | { kind: 'unchanged'; appointment: AppointmentView; previous: AppointmentView }
  | Refused<AppointmentRefusal>;
