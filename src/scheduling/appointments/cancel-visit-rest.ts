import type { Tx } from '../../db/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import { publishAppointmentChanged, type SchedulingDeps } from './appointment-changed.js';
import { toAppointmentSource, toAppointmentStatus, UPCOMING_STATUSES } from './appointment-status.js';
import { recordAppointmentEvent } from './record-appointment-event.js';

/**
 * Cancelling one row of a visit cancels the whole visit: the visit's other rows still booked
 * or confirmed are cancelled in the same transaction, each with its history entry and its
 * `cancelled` event for the subscribers. Rows are locked in id order, as every visit change
 * takes them, so two changes of one visit queue up instead of deadlocking.
 */
export async function cancelVisitRest(
  tx: Tx,
  scheduling: SchedulingDeps,
  change: { tenantId: number; visitId: number; exceptId: number; actor: AppointmentActor; now: Date },
): Promise<number[]> {
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
       AND status = ANY(${[...UPCOMING_STATUSES]}::text[])
     ORDER BY id FOR UPDATE`;
  for (const row of rows) {
    const from = toAppointmentStatus(row.status);
    await tx.appointment.update({
      where: { id: row.id, tenantId: change.tenantId },
      data: { status: 'cancelled', revision: { increment: 1 }, cancelledAt: change.now },
      select: { id: true },
    });
    await recordAppointmentEvent(tx, {
      tenantId: change.tenantId,
      appointmentId: row.id,
      actor: change.actor,
      change: 'cancelled',
      details: { status: { from, to: 'cancelled' }, visitId: change.visitId },
      at: change.now,
    });
    await publishAppointmentChanged(tx, scheduling.onAppointmentChanged, {
      kind: 'cancelled',
      at: change.now,
      actor: change.actor,
      from,
      appointment: {
        id: row.id,
        tenantId: change.tenantId,
        customerId: row.customer_id,
        professionalId: row.professional_id,
        serviceId: row.service_id,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        status: 'cancelled',
        source: toAppointmentSource(row.source),
      },
    });
  }
  return rows.map((row) => row.id);
}
