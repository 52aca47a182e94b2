import { type Db, inTransaction, type Tx } from '../db/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import { removeAppointmentReminders } from './appointment-reminders.js';
import { type AppointmentSource, UPCOMING_STATUSES } from './appointment-status.js';
import type { AppointmentView } from './appointment-view.js';
import { createAppointmentRow } from './create-appointment-row.js';
import { recordAppointmentEvent } from './record-appointment-event.js';

/** Thrown inside the transaction when the old appointment stopped being booked or confirmed meanwhile. */
export class NoLongerUpcoming extends Error {}

export interface MoveRequest<After> {
  tenantId: number;
  /** The appointment being moved, as read (and checked) by the caller. */
  previous: AppointmentView;
  startsAt: Date;
  endsAt: Date;
  idempotencyKey: string;
  source: AppointmentSource;
  actor: AppointmentActor;
  now: Date;
  afterChange?(tx: Tx, change: { previous: AppointmentView; startsAt: Date; endsAt: Date }): Promise<After>;
}

/**
 * The one reschedule of the domain (bot and staff): in ONE transaction the old row is
 * cancelled (if still booked or confirmed) and its pending reminders removed, the new one
 * inserted (`rescheduled_from_id` → the old one) with reminders for its own time, both
 * histories recorded and `afterChange` run. Cancelling first lets the new
 * time overlap the old one; nobody sees the old time released before the new one is held,
 * since both become visible at the same commit. Throws `NoLongerUpcoming`, or the
 * database's exclusion / unique violation (rolled back: nothing changed) for the caller to
 * turn into its refusal.
 */
export async function moveAppointment<After = undefined>(db: Db, request: MoveRequest<After>): Promise<{ id: number; after: After }> {
  const { previous } = request;
  return inTransaction(db, async (tx) => {
    const released = await tx.appointment.updateMany({
      where: { id: previous.id, tenantId: request.tenantId, status: { in: [...UPCOMING_STATUSES] } },
      data: { status: 'cancelled', cancelledAt: request.now, revision: { increment: 1 } },
    });
    if (released.count === 0) throw new NoLongerUpcoming();
    await removeAppointmentReminders(tx, { tenantId: request.tenantId, appointmentId: previous.id }, 'rescheduled');
    const id = await createAppointmentRow(
      tx,
      {
        tenantId: request.tenantId,
        customerId: previous.customerId,
        professionalId: previous.professional.id,
        serviceId: previous.service.id,
        startsAt: request.startsAt,
        endsAt: request.endsAt,
        source: request.source,
        idempotencyKey: request.idempotencyKey,
        rescheduledFromId: previous.id,
      },
      request.actor,
      request.now,
    );
    await recordAppointmentEvent(tx, {
      tenantId: request.tenantId,
      appointmentId: previous.id,
      actor: request.actor,
      change: 'rescheduled_to',
      details: {
        status: { from: previous.status, to: 'cancelled' },
        rescheduledToId: id,
        startsAt: { from: previous.startsAt.toISOString(), to: request.startsAt.toISOString() },
      },
      at: request.now,
    });
    const after = request.afterChange
      ? await request.afterChange(tx, { previous, startsAt: request.startsAt, endsAt: request.endsAt })
      : (undefined as After);
    return { id, after };
  });
}
