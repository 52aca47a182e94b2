import type { Queryable } from '../../db/index.js';
import { type AppointmentView, findAppointment, findAppointmentByKey } from './appointment-view.js';

/**
 * The appointment a move with this key already moved, as it is now, or null: the key is on
 * the move's history entry (moves change the row in place), or, for a move made while moves
 * still wrote a new row, on that row. Tenant-scoped; customer-scoped when given (another
 * customer's key reads as an internal error, as findAppointmentByKey says).
 */
export async function findMoveByKey(
  db: Queryable,
  scope: { tenantId: number; customerId?: number | undefined; idempotencyKey: string },
): Promise<AppointmentView | null> {
  const event = await db.appointmentEvent.findFirst({
    where: { tenantId: scope.tenantId, idempotencyKey: scope.idempotencyKey },
    select: { appointmentId: true },
  });
  if (!event) return findAppointmentByKey(db, scope);
  const appointment = await findAppointment(db, { tenantId: scope.tenantId, appointmentId: event.appointmentId });
  if (appointment && scope.customerId !== undefined && appointment.customerId !== scope.customerId) {
    throw new Error('idempotency key already used by another customer');
  }
  return appointment;
}

/**
 * The appointment as it was before its latest move (its time and professional then; the rest
 * as now), or null when it was never moved in place. Receipts and notices name the old time
 * from it.
 */
export async function beforeLatestMove(db: Queryable, appointment: AppointmentView): Promise<AppointmentView | null> {
  const event = await db.appointmentEvent.findFirst({
    where: { tenantId: appointment.tenantId, appointmentId: appointment.id, change: 'rescheduled' },
    orderBy: { id: 'desc' },
    select: { details: true },
  });
  const details = event?.details as
    | { startsAt?: { from?: string }; endsAt?: { from?: string }; professionalId?: { from?: number } }
    | null
    | undefined;
  if (!details?.startsAt?.from || !details.endsAt?.from) return null;
  const professionalId = details.professionalId?.from ?? appointment.professional.id;
  const professional =
    professionalId === appointment.professional.id
      ? appointment.professional
      : ((await db.professional.findFirst({
          where: { id: professionalId, tenantId: appointment.tenantId },
          select: { id: true, name: true },
        })) ?? appointment.professional);
  return { ...appointment, startsAt: new Date(details.startsAt.from), endsAt: new Date(details.endsAt.from), professional };
}
