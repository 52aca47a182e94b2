import type { Prisma, Tx } from '../../db/index.js';
import { type AppointmentActor, actorColumns } from './appointment-actor.js';

/** What happened to an appointment (`appointment_events.change`). */
export type AppointmentChangeKind = 'created' | 'confirmed' | 'cancelled' | 'rescheduled_to' | 'rescheduled_from' | 'attended' | 'no_show';

/**
 * Appends one entry to an appointment's history, in the caller's transaction so the
 * change and its record commit together. `details` says what changed
 * (e.g. `{status: {from: 'booked', to: 'cancelled'}}`).
 */
export async function recordAppointmentEvent(
  tx: Tx,
  event: {
    tenantId: number;
    appointmentId: number;
    actor: AppointmentActor;
    change: AppointmentChangeKind;
    details?: Record<string, unknown>;
    at: Date;
  },
): Promise<void> {
  await tx.appointmentEvent.create({
    data: {
      tenantId: event.tenantId,
      appointmentId: event.appointmentId,
      ...actorColumns(event.actor),
      change: event.change,
      details: (event.details ?? {}) as Prisma.InputJsonValue,
      createdAt: event.at,
    },
    select: { id: true },
  });
}
