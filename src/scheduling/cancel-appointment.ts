import type { Db, Tx } from '../db/index.js';
import { localDateTimeOf, ToolDomainException } from '../shared/index.js';
import { type AppointmentActor, botActor } from './appointment-actor.js';
import { isUpcomingStatus } from './appointment-status.js';
import { type AppointmentView, findCustomerAppointment } from './appointment-view.js';
import { assertChangeable } from './assert-changeable.js';
import { schedulingMessages } from './scheduling-messages.js';
import { transitionAppointment } from './transition-appointment.js';

export interface CancellationOutcome {
  appointment: AppointmentView;
  /** true when it was cancelled before this call: nothing changed. */
  alreadyCancelled: boolean;
}

/**
 * Cancels the customer's own appointment. Idempotent: cancelling a cancelled appointment
 * reports it. Refuses: unknown id (other customers' and tenants' ids answer alike), an
 * appointment that already started, or one inside the tenant's cancellation notice.
 * The change is recorded in the appointment's history under `actor` (the bot by default);
 * `afterChange` runs inside the change's transaction, only when this call cancelled it.
 */
export async function cancelAppointment(
  db: Db,
  request: {
    tenantId: number;
    customerId: number;
    appointmentId: number;
    now: Date;
    actor?: AppointmentActor;
    afterChange?(tx: Tx): Promise<void>;
  },
): Promise<CancellationOutcome> {
  const scope = { tenantId: request.tenantId, customerId: request.customerId, appointmentId: request.appointmentId };
  const notFound = () => new ToolDomainException(schedulingMessages.appointmentNotFound(request.appointmentId), 'appointment_not_found');
  const appointment = await findCustomerAppointment(db, scope);
  if (!appointment) throw notFound();
  if (appointment.status === 'cancelled') return { appointment, alreadyCancelled: true };
  assertChangeable(appointment, request.now);
  // The row is locked and re-checked, so two concurrent cancellations change it once.
  const outcome = await transitionAppointment(db, {
    ...scope,
    to: 'cancelled',
    change: 'cancelled',
    actor: request.actor ?? botActor(null),
    now: request.now,
    decide: (row) => {
      if (row.status === 'cancelled') return { kind: 'unchanged' };
      return isUpcomingStatus(row.status) ? { kind: 'apply' } : { kind: 'refused', reason: 'not_upcoming' };
    },
    afterChange: async (tx) => {
      await request.afterChange?.(tx);
    },
  });
  switch (outcome.kind) {
    case 'not_found':
      throw notFound();
    case 'changed':
      return { appointment: outcome.appointment, alreadyCancelled: false };
    case 'unchanged':
      return { appointment: outcome.appointment, alreadyCancelled: true };
    case 'refused':
      throw new ToolDomainException(
        schedulingMessages.appointmentPast(appointment.id, localDateTimeOf(appointment.startsAt.getTime(), appointment.timezone)),
        'appointment_past',
      );
  }
}
