import { inTransaction, type Tx } from '../../db/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import { type ChangedAppointment, publishAppointmentChanged, type SchedulingDeps } from './appointment-changed.js';
import { type AppointmentSource, toAppointmentSource, toAppointmentStatus, UPCOMING_STATUSES } from './appointment-status.js';
import type { AppointmentView } from './appointment-view.js';
import { recordAppointmentEvent } from './record-appointment-event.js';

/** Thrown inside the transaction when the appointment stopped being booked or confirmed meanwhile (rolls it back). */
export class NoLongerUpcoming extends Error {}

export interface MoveRequest<After> {
  tenantId: number;
  /** The appointment being moved, as read (and checked) by the caller. */
  previous: AppointmentView;
  /** its professional after the move (another one when staff move it to them) */
  professionalId?: number;
  startsAt: Date;
  endsAt: Date;
  /** its price and buffer after the move (the service's as the professional does it now) */
  priceCents?: number | null;
  bufferAfterMinutes?: number;
  idempotencyKey: string;
  /** who asked for the move (the bot, a reminder's flow, staff): kept in the history, the row keeps who booked it */
  source: AppointmentSource;
  actor: AppointmentActor;
  now: Date;
  afterChange?(tx: Tx, change: { previous: AppointmentView; startsAt: Date; endsAt: Date }): Promise<After>;
}

/** The row as locked for a move. */
export interface LockedMoveRow {
  id: number;
  status: string;
  starts_at: Date;
  ends_at: Date;
  customer_id: number;
  professional_id: number;
  service_id: number;
  source: string;
  visit_id: number | null;
}

/**
 * The move itself, in ONE transaction, on the SAME row: the appointment is locked (FOR UPDATE,
 * still booked or confirmed), its professional, times, price and buffer updated (revision
 * bumped, `rescheduled_at` set), one `rescheduled` history entry recorded with the request's
 * key (unique: the same key never moves it twice), the subscribers told (`moved`, same id
 * before and after) and `afterChange` run. The row's own old time never conflicts with its new
 * one; every other appointment's does, through the same `appointments_no_overlap` constraint
 * and `appointments_hold_resources` trigger as a booking. Throws `NoLongerUpcoming`, or the
 * database's exclusion / resource / unique violation (rolled back: nothing changed) for
 * rescheduleAppointment to turn into its outcome.
 */
export async function moveAppointment<After = undefined>(
  scheduling: SchedulingDeps,
  request: MoveRequest<After>,
): Promise<{ id: number; after: After }> {
  const { previous } = request;
  return inTransaction(scheduling.db, async (tx) => {
    const [locked] = await lockUpcoming(tx, request.tenantId, [previous.id]);
    if (!locked) throw new NoLongerUpcoming();
    const to = {
      professionalId: request.professionalId ?? locked.professional_id,
      startsAt: request.startsAt,
      endsAt: request.endsAt,
    };
    await tx.appointment.update({
      where: { id: previous.id, tenantId: request.tenantId },
      data: {
        ...to,
        priceCents: request.priceCents ?? null,
        bufferAfterMinutes: request.bufferAfterMinutes ?? 0,
        rescheduledAt: request.now,
        revision: { increment: 1 },
      },
      select: { id: true },
    });
    const before = changedOfLocked(request.tenantId, locked);
    await recordMove(tx, {
      tenantId: request.tenantId,
      before,
      after: to,
      source: request.source,
      actor: request.actor,
      idempotencyKey: request.idempotencyKey,
      now: request.now,
    });
    await publishAppointmentChanged(tx, scheduling.onAppointmentChanged, {
      kind: 'moved',
      appointment: { ...before, ...to },
      previous: before,
      at: request.now,
      actor: request.actor,
    });
    const after = request.afterChange
      ? await request.afterChange(tx, { previous, startsAt: request.startsAt, endsAt: request.endsAt })
      : (undefined as After);
    return { id: previous.id, after };
  });
}

/**
 * Locks the rows (id order, as every visit change takes them) that are still booked or
 * confirmed; a row missing from the answer stopped being upcoming meanwhile.
 */
export function lockUpcoming(tx: Tx, tenantId: number, ids: readonly number[]): Promise<LockedMoveRow[]> {
  return tx.$queryRaw<LockedMoveRow[]>`
    SELECT id, status, starts_at, ends_at, customer_id, professional_id, service_id, source, visit_id FROM appointments
     WHERE tenant_id = ${tenantId}::int AND id = ANY(${[...ids]}::int[]) AND status = ANY(${[...UPCOMING_STATUSES]}::text[])
     ORDER BY id FOR UPDATE`;
}

/** A locked row as the subscribers see it. */
export function changedOfLocked(tenantId: number, row: LockedMoveRow): ChangedAppointment {
  return {
    id: row.id,
    tenantId,
    customerId: row.customer_id,
    professionalId: row.professional_id,
    serviceId: row.service_id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    status: toAppointmentStatus(row.status),
    source: toAppointmentSource(row.source),
    visitId: row.visit_id,
  };
}

/**
 * The history entry of a move: where it was and where it went (`details.startsAt`, `endsAt`,
 * `professionalId`, each `{from, to}`), who asked (`source`), under the request's key.
 */
export function recordMove(
  tx: Tx,
  move: {
    tenantId: number;
    before: ChangedAppointment;
    after: { professionalId: number; startsAt: Date; endsAt: Date };
    source: AppointmentSource;
    actor: AppointmentActor;
    idempotencyKey: string;
    now: Date;
    details?: Record<string, unknown>;
  },
): Promise<void> {
  return recordAppointmentEvent(tx, {
    tenantId: move.tenantId,
    appointmentId: move.before.id,
    actor: move.actor,
    change: 'rescheduled',
    details: {
      source: move.source,
      startsAt: { from: move.before.startsAt.toISOString(), to: move.after.startsAt.toISOString() },
      endsAt: { from: move.before.endsAt.toISOString(), to: move.after.endsAt.toISOString() },
      professionalId: { from: move.before.professionalId, to: move.after.professionalId },
      ...move.details,
    },
    idempotencyKey: move.idempotencyKey,
    at: move.now,
  });
}
