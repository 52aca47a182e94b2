import type { Db, Tx } from '../../db/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import type { AppointmentSource, AppointmentStatus } from './appointment-status.js';
import type { DepositHold } from './deposit-rule.js';

/** An appointment as a change leaves it: the row's own columns (hooks run inside the transaction, before any view is read). */
export interface ChangedAppointment {
  id: number;
  tenantId: number;
  customerId: number;
  professionalId: number;
  serviceId: number;
  startsAt: Date;
  endsAt: Date;
  status: AppointmentStatus;
  source: AppointmentSource;
  /** the visit it belongs to (several services booked together), null for one service */
  visitId: number | null;
}

/**
 * What just happened to an appointment, inside the transaction that did it:
 * - `booked`: a new appointment (any source); with `deposit`, it is `pending_payment` and waits for that deposit
 *   until `deposit.holdUntil` (the deposits subscriber creates the charge);
 * - `moved`: the same row (same id) left `previous`'s time and professional for `appointment`'s;
 * - `cancelled`: it was `from` (booked or confirmed) and is cancelled;
 * - `status_changed`: confirmed, attended or no_show (`appointment.status`), from `from`; also `booked` from
 *   `pending_payment` (the deposit was paid or settled by staff) and `expired` from `pending_payment` (the hold ran
 *   out unpaid, or the charge could not be created: the slot is free again).
 * `at` is the change's time (the business clock), `actor` who made it.
 */
export type AppointmentChanged = { at: Date; actor: AppointmentActor } & (
  | { kind: 'booked'; appointment: ChangedAppointment; deposit?: DepositHold }
  | { kind: 'moved'; appointment: ChangedAppointment; previous: ChangedAppointment }
  | { kind: 'cancelled'; appointment: ChangedAppointment; from: AppointmentStatus }
  | { kind: 'status_changed'; appointment: ChangedAppointment; from: AppointmentStatus }
);

/**
 * A subscriber to appointment changes (reminders today; the waitlist and deposits next). It
 * runs inside the change's transaction, after the rows are written: what it writes commits
 * with the change or not at all, and a throw rolls the change back.
 */
export type AppointmentChangedHook = (tx: Tx, event: AppointmentChanged) => Promise<void>;

/** A staff block removed (`DELETE /admin/blocks/:id`): the professional's time it held is free again. */
export interface BlockRemoved {
  tenantId: number;
  professionalId: number;
  startsAt: Date;
  endsAt: Date;
  /** when it was removed (the business clock) */
  at: Date;
}

/** A subscriber to removed blocks (the waitlist), run inside the removal's transaction like the appointment hooks. */
export type BlockRemovedHook = (tx: Tx, event: BlockRemoved) => Promise<void>;

/**
 * What the domain's writes are given (wired in boot/): the database, and the subscribers
 * every booking, move and status change calls, in order, inside its transaction (and those
 * a removed block calls; none when absent).
 */
export interface SchedulingDeps {
  db: Db;
  onAppointmentChanged: readonly AppointmentChangedHook[];
  onBlockRemoved?: readonly BlockRemovedHook[];
}

/** Calls every subscriber in order, one after the other (a transaction runs one query at a time). */
export async function publishAppointmentChanged(
  tx: Tx,
  hooks: readonly AppointmentChangedHook[],
  event: AppointmentChanged,
): Promise<void> {
  for (const hook of hooks) await hook(tx, event);
}
