import type { Db } from '../db/index.js';
import { ToolDomainException } from '../shared/index.js';
import { type AppointmentView, findCustomerAppointment } from './appointment-view.js';
import { assertChangeable } from './assert-changeable.js';
import { schedulingMessages } from './scheduling-messages.js';

export interface CancellationOutcome {
  appointment: AppointmentView;
  /** true when it was cancelled before this call: nothing changed. */
  alreadyCancelled: boolean;
}

/**
 * Cancels the customer's own appointment. Idempotent: cancelling a cancelled appointment
 * reports it. Refuses: unknown id (other customers' and tenants' ids answer alike), an
 * appointment that already started, or one inside the tenant's cancellation notice.
 */
export async function cancelAppointment(
  db: Db,
  request: { tenantId: number; customerId: number; appointmentId: number; now: Date },
): Promise<CancellationOutcome> {
  const scope = { tenantId: request.tenantId, customerId: request.customerId, appointmentId: request.appointmentId };
  const appointment = await findCustomerAppointment(db, scope);
  if (!appointment) throw new ToolDomainException(schedulingMessages.appointmentNotFound(request.appointmentId), 'appointment_not_found');
  if (appointment.status === 'cancelled') return { appointment, alreadyCancelled: true };
  assertChangeable(appointment, request.now);
  // Conditional on still being booked, so two concurrent cancellations change the row once.
  const updated = await db.appointment.updateMany({
    where: { id: appointment.id, tenantId: request.tenantId, customerId: request.customerId, status: 'booked' },
    data: { status: 'cancelled', cancelledAt: request.now },
  });
  const current = await findCustomerAppointment(db, scope);
  if (!current) throw new ToolDomainException(schedulingMessages.appointmentNotFound(request.appointmentId), 'appointment_not_found');
  return { appointment: current, alreadyCancelled: updated.count === 0 };
}
