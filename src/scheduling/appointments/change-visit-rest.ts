import type { Tx } from '../../db/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import { type ChangedAppointment, publishAppointmentChanged, type SchedulingDeps } from './appointment-changed.js';
import { toAppointmentSource, toAppointmentStatus, UPCOMING_STATUSES } from './appointment-status.js';
import { type AppointmentChangeKind, recordAppointmentEvent } from './record-appointment-event.js';

/**
 * Cancelling or confirming one row of a visit does it to the whole visit: the visit's other
 * rows still booked, confirmed or waiting for the deposit are cancelled (or, still booked and not started, confirmed);
 * a visit's deposit settled on its first row books or expires the rest with it
 * in the same transaction, each with its history entry and its event for the subscribers
 * (`cancelled`, `status_changed`). Rows are locked in id order, as every visit change takes
 * them, so two changes of one visit queue up instead of deadlocking.
 */
export async function changeVisitRest(
  tx: Tx,
  scheduling: SchedulingDeps,
  change: {
    tenantId: number;
    visitId: number;
    exceptId: number;
    to: 'cancelled' | 'confirmed' | 'booked' | 'expired';
    actor: AppointmentActor;
    now: Date;
    /** a deposit's settlement (booked or expired): the rows in these statuses follow, under this history change */
    deposit?: { from: readonly string[]; change: AppointmentChangeKind };
  },
): Promise<number[]> {
  const statuses = change.deposit
    ? [...change.deposit.from]
    : change.to === 'cancelled'
      ? [...UPCOMING_STATUSES, 'pending_payment']
      : ['booked'];
  // A row that already started is not confirmed ahead of time (a cancellation takes the visit's rest whatever the clock says).
  const startsAfter = change.to === 'confirmed' ? change.now : new Date(0);
  const rows = await tx.$queryRaw<
    {
      id: number;
      status: string;
      starts_at: Date;
      ends_at: Date;
      customer_id: number;
      professional_id: number;
      service_id: number;
      source: string;
    }[]
  >`
    SELECT id, status, starts_at, ends_at, customer_id, professional_id, service_id, source FROM appointments
     WHERE tenant_id = ${change.tenantId}::int AND visit_id = ${change.visitId}::int AND id <> ${change.exceptId}::int
       AND status = ANY(${statuses}::text[]) AND starts_at > ${startsAfter}
     ORDER BY id FOR UPDATE`;
  for (const row of rows) {
    const from = toAppointmentStatus(row.status);
    await tx.appointment.update({
      where: { id: row.id, tenantId: change.tenantId },
      data: { status: change.to, revision: { increment: 1 }, ...(change.to === 'cancelled' ? { cancelledAt: change.now } : {}) },
      select: { id: true },
    });
    await recordAppointmentEvent(tx, {
      tenantId: change.tenantId,
      appointmentId: row.id,
      actor: change.actor,
      change: change.deposit?.change ?? (change.to === 'cancelled' ? 'cancelled' : 'confirmed'),
      details: { status: { from, to: change.to }, visitId: change.visitId },
      at: change.now,
    });
    const appointment: ChangedAppointment = {
      id: row.id,
      tenantId: change.tenantId,
      customerId: row.customer_id,
      professionalId: row.professional_id,
      serviceId: row.service_id,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      status: change.to,
      source: toAppointmentSource(row.source),
      visitId: change.visitId,
    };
    const happened = { at: change.now, actor: change.actor, from, appointment };
    await publishAppointmentChanged(
      tx,
      scheduling.onAppointmentChanged,
      change.to === 'cancelled' ? { kind: 'cancelled', ...happened } : { kind: 'status_changed', ...happened },
    );
  }
  return rows.map((row) => row.id);
}
