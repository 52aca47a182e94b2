import type { Prisma, Tx } from '../../db/index.js';
import { type AppointmentActor, actorColumns } from './appointment-actor.js';

/**
 * What happened to an appointment (`appointment_events.change`). `rescheduled` is a move (same
 * row, new time and/or professional); `rescheduled_to` / `rescheduled_from` are the pairs moves
 * wrote while a move still replaced the row with a new one (kept in older histories).
 */
export type AppointmentChangeKind =
  | 'created'
  | 'confirmed'
  | 'cancelled'
  | 'rescheduled'
  | 'rescheduled_to'
  | 'rescheduled_from'
  | 'attended'
  | 'no_show'
  /** the deposit was paid (Mercado Pago, or staff by hand: cash) or waived by staff: pending_payment → booked */
  | 'deposit_paid'
  | 'deposit_waived'
  /** the deposit's hold ran out unpaid (or its charge could not be created): pending_payment → expired */
  | 'expired';

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
    /** the request key of the change (a move's): unique, so a repeated request fails here and rolls back */
    idempotencyKey?: string;
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
      idempotencyKey: event.idempotencyKey ?? null,
      createdAt: event.at,
    },
    select: { id: true },
  });
}
