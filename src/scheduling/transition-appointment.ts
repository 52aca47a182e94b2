import { type Db, inTransaction, type Tx } from '../db/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import { type ReminderRemovalReason, removeAppointmentReminders } from './appointment-reminders.js';
import { type AppointmentStatus, isUpcomingStatus, toAppointmentStatus } from './appointment-status.js';
import { type AppointmentView, appointmentViewSelect, toAppointmentView } from './appointment-view.js';
import { type AppointmentChangeKind, recordAppointmentEvent } from './record-appointment-event.js';

/** The row as locked for a change: what a decision may look at. */
export interface LockedAppointment {
  id: number;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
}

export type TransitionRefusal = 'cancelled' | 'started' | 'not_started' | 'not_upcoming';

/** What to do with a locked row: a pure function of the row and the time. */
export type TransitionDecision = { kind: 'apply' } | { kind: 'unchanged' } | { kind: 'refused'; reason: TransitionRefusal };

export type TransitionOutcome<After> =
  | { kind: 'changed'; appointment: AppointmentView; from: AppointmentStatus; after: After }
  | { kind: 'unchanged'; appointment: AppointmentView }
  | { kind: 'refused'; reason: TransitionRefusal; appointment: AppointmentView }
  | { kind: 'not_found' };

export interface TransitionRequest<After> {
  tenantId: number;
  appointmentId: number;
  /** When given, only this customer's appointment is found (the bot's and reminders' scope). */
  customerId?: number;
  to: AppointmentStatus;
  change: AppointmentChangeKind;
  actor: AppointmentActor;
  now: Date;
  decide(row: LockedAppointment, now: Date): TransitionDecision;
  /**
   * Runs inside the change's transaction after the row changed (e.g. queueing the customer's
   * notification in the outbox), so both commit or neither does.
   */
  afterChange?(tx: Tx, before: AppointmentView): Promise<After>;
}

/**
 * Changes an appointment's status once: in one transaction the row is locked (FOR UPDATE,
 * so concurrent changes queue up and each decides on the current status), the decision is
 * taken, the status and revision are written, the history entry recorded, the reminders
 * still to be sent removed when the appointment leaves booked/confirmed (cancelled, or
 * attendance recorded), and `afterChange` run. Another tenant's (or customer's) id is `not_found`. The domain's status changes
 * (confirm, cancel, attendance) are all made through here.
 */
export async function transitionAppointment<After = undefined>(
  db: Db,
  request: TransitionRequest<After>,
): Promise<TransitionOutcome<After>> {
  const scope = {
    id: request.appointmentId,
    tenantId: request.tenantId,
    ...(request.customerId === undefined ? {} : { customerId: request.customerId }),
  };
  const readView = async () => {
    const row = await db.appointment.findFirst({ where: scope, select: appointmentViewSelect });
    return row ? toAppointmentView(row) : null;
  };
  const before = await readView();
  if (!before) return { kind: 'not_found' };

  const result = await inTransaction(db, async (tx) => {
    const locked = await tx.$queryRaw<{ id: number; status: string; starts_at: Date; ends_at: Date }[]>`
      SELECT id, status, starts_at, ends_at FROM appointments
       WHERE id = ${before.id}::int AND tenant_id = ${request.tenantId}::int FOR UPDATE`;
    const row = locked[0];
    if (!row) return { kind: 'gone' as const };
    const current: LockedAppointment = {
      id: row.id,
      status: toAppointmentStatus(row.status),
      startsAt: row.starts_at,
      endsAt: row.ends_at,
    };
    const decision = request.decide(current, request.now);
    if (decision.kind !== 'apply') return { kind: 'decided' as const, decision };
    await tx.appointment.update({
      where: { id: current.id, tenantId: request.tenantId },
      data: {
        status: request.to,
        revision: { increment: 1 },
        ...(request.to === 'cancelled' ? { cancelledAt: request.now } : {}),
      },
      select: { id: true },
    });
    await recordAppointmentEvent(tx, {
      tenantId: request.tenantId,
      appointmentId: current.id,
      actor: request.actor,
      change: request.change,
      details: { status: { from: current.status, to: request.to } },
      at: request.now,
    });
    if (!isUpcomingStatus(request.to)) {
      await removeAppointmentReminders(tx, { tenantId: request.tenantId, appointmentId: current.id }, removalReasonOf(request.to));
    }
    const after = request.afterChange ? await request.afterChange(tx, before) : (undefined as After);
    return { kind: 'applied' as const, from: current.status, after };
  });

  const appointment = (await readView()) ?? before;
  if (result.kind === 'gone') return { kind: 'not_found' };
  if (result.kind === 'applied') return { kind: 'changed', appointment, from: result.from, after: result.after };
  if (result.decision.kind === 'unchanged') return { kind: 'unchanged', appointment };
  return { kind: 'refused', reason: result.decision.kind === 'refused' ? result.decision.reason : 'not_upcoming', appointment };
}

/** The removal reason of reminders whose appointment moved to `status` (never booked or confirmed). */
function removalReasonOf(status: AppointmentStatus): ReminderRemovalReason {
  switch (status) {
    case 'attended':
    case 'no_show':
    case 'cancelled':
      return status;
    default:
      throw new Error(`reminders are not removed for an appointment that becomes ${status}`);
  }
}
