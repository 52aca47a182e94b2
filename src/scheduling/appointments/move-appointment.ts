import { inTransaction, type Tx } from '../../db/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import { type ChangedAppointment, publishAppointmentChanged, type SchedulingDeps } from './appointment-changed.js';
import { type AppointmentSource, UPCOMING_STATUSES } from './appointment-status.js';
import type { AppointmentView } from './appointment-view.js';
import { createAppointmentRow } from './create-appointment-row.js';
import { recordAppointmentEvent } from './record-appointment-event.js';

/** Thrown inside the transaction when the old appointment stopped being booked or confirmed meanwhile (rolls it back). */
export class NoLongerUpcoming extends Error {}

export interface MoveRequest<After> {
  tenantId: number;
  /** The appointment being moved, as read (and checked) by the caller. */
  previous: AppointmentView;
  /** the professional of the new row (another one when staff move it to them) */
  professionalId?: number;
  startsAt: Date;
  endsAt: Date;
  /** the new row's price and buffer (the service's as the professional does it now) */
  priceCents?: number | null;
  bufferAfterMinutes?: number;
  idempotencyKey: string;
  source: AppointmentSource;
  actor: AppointmentActor;
  now: Date;
  afterChange?(tx: Tx, change: { previous: AppointmentView; startsAt: Date; endsAt: Date }): Promise<After>;
}

/**
 * The move itself, in ONE transaction: the old row is cancelled (if still booked or
 * confirmed), the new one inserted (`rescheduled_from_id` → the old one), both histories
 * recorded, the subscribers told (`moved`) and `afterChange` run. Cancelling first lets the
 * new time overlap the old one; nobody sees the old time released before the new one is
 * held, since both become visible at the same commit. Throws `NoLongerUpcoming`, or the
 * database's exclusion / unique violation (rolled back: nothing changed) for
 * rescheduleAppointment to turn into its outcome.
 */
export async function moveAppointment<After = undefined>(
  scheduling: SchedulingDeps,
  request: MoveRequest<After>,
): Promise<{ id: number; after: After }> {
  const { previous } = request;
  return inTransaction(scheduling.db, async (tx) => {
    const released = await tx.appointment.updateMany({
      where: { id: previous.id, tenantId: request.tenantId, status: { in: [...UPCOMING_STATUSES] } },
      data: { status: 'cancelled', cancelledAt: request.now, revision: { increment: 1 } },
    });
    if (released.count === 0) throw new NoLongerUpcoming();
    const appointment = await createAppointmentRow(
      tx,
      {
        tenantId: request.tenantId,
        customerId: previous.customerId,
        professionalId: request.professionalId ?? previous.professional.id,
        serviceId: previous.service.id,
        startsAt: request.startsAt,
        endsAt: request.endsAt,
        source: request.source,
        idempotencyKey: request.idempotencyKey,
        rescheduledFromId: previous.id,
        priceCents: request.priceCents ?? null,
        bufferAfterMinutes: request.bufferAfterMinutes ?? 0,
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
        rescheduledToId: appointment.id,
        startsAt: { from: previous.startsAt.toISOString(), to: request.startsAt.toISOString() },
      },
      at: request.now,
    });
    await publishAppointmentChanged(tx, scheduling.onAppointmentChanged, {
      kind: 'moved',
      appointment,
      previous: changedOf(previous),
      at: request.now,
      actor: request.actor,
    });
    const after = request.afterChange
      ? await request.afterChange(tx, { previous, startsAt: request.startsAt, endsAt: request.endsAt })
      : (undefined as After);
    return { id: appointment.id, after };
  });
}

/** The old row as the move leaves it (cancelled). */
export function changedOf(previous: AppointmentView): ChangedAppointment {
  return {
    id: previous.id,
    tenantId: previous.tenantId,
    customerId: previous.customerId,
    professionalId: previous.professional.id,
    serviceId: previous.service.id,
    startsAt: previous.startsAt,
    endsAt: previous.endsAt,
    status: 'cancelled',
    source: previous.source,
    visitId: previous.visitId,
  };
}
