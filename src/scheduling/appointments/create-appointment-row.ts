import type { Tx } from '../../db/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import type { ChangedAppointment } from './appointment-changed.js';
import type { AppointmentSource, AppointmentStatus } from './appointment-status.js';
import { recordAppointmentEvent } from './record-appointment-event.js';

export interface NewAppointmentRow {
  tenantId: number;
  customerId: number;
  professionalId: number;
  serviceId: number;
  startsAt: Date;
  endsAt: Date;
  source: AppointmentSource;
  idempotencyKey: string;
  /** the visit the row belongs to (several services booked together); null for one service */
  visitId?: number | null;
  /** the effective price at booking (cents), null without one */
  priceCents?: number | null;
  /** the service's buffer: the professional and its resources stay blocked this long after `endsAt` */
  bufferAfterMinutes?: number;
  /** `pending_payment` when it waits for a deposit (it holds the slot all the same); default booked */
  status?: Extract<AppointmentStatus, 'booked' | 'pending_payment'>;
}

/**
 * Inserts a booked appointment and its first history entry (`created`) in the caller's
 * transaction; the caller then tells the subscribers (`booked`). The `appointments_no_overlap` constraint refuses an
 * overlap, buffers included (SQLSTATE 23P01), the `appointments_hold_resources` trigger a resource
 * used more than its count (WA001), and the idempotency key a repeat (23505); callers turn those into
 * outcomes.
 */
export async function createAppointmentRow(
  tx: Tx,
  row: NewAppointmentRow,
  actor: AppointmentActor,
  now: Date,
): Promise<ChangedAppointment> {
  // Only the id: a create that also selects relations reads them in parallel on the
  // transaction's one connection (pg's "client is already executing a query").
  const created = await tx.appointment.create({
    data: {
      tenantId: row.tenantId,
      customerId: row.customerId,
      professionalId: row.professionalId,
      serviceId: row.serviceId,
      startsAt: row.startsAt,
      endsAt: row.endsAt,
      source: row.source,
      idempotencyKey: row.idempotencyKey,
      visitId: row.visitId ?? null,
      priceCents: row.priceCents ?? null,
      bufferAfterMinutes: row.bufferAfterMinutes ?? 0,
      status: row.status ?? 'booked',
    },
    select: { id: true },
  });
  await recordAppointmentEvent(tx, {
    tenantId: row.tenantId,
    appointmentId: created.id,
    actor,
    change: 'created',
    details: {
      source: row.source,
      ...(row.status === 'pending_payment' ? { status: 'pending_payment' } : {}),
      startsAt: row.startsAt.toISOString(),
      endsAt: row.endsAt.toISOString(),
    },
    at: now,
  });
  return {
    id: created.id,
    tenantId: row.tenantId,
    customerId: row.customerId,
    professionalId: row.professionalId,
    serviceId: row.serviceId,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    status: row.status ?? 'booked',
    source: row.source,
    visitId: row.visitId ?? null,
  };
}
