import { inTransaction, type Tx } from '../../db/index.js';
import { localDateTimeOf } from '../../shared/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import { type ChangedAppointment, publishAppointmentChanged, type SchedulingDeps } from './appointment-changed.js';
import type { AppointmentRefusal } from './appointment-refusal.js';
import { type AppointmentStatus, toAppointmentSource, toAppointmentStatus } from './appointment-status.js';
import { type AppointmentView, findAppointment } from './appointment-view.js';
import { changeVisitRest } from './change-visit-rest.js';
import { type AppointmentChangeKind, recordAppointmentEvent } from './record-appointment-event.js';

/** The row as locked for a change: what a decision may look at. */
export interface LockedAppointment {
  id: number;
  status: AppointmentStatus;
  startsAt: Date;
  endsAt: Date;
}

/** Why a status change is refused at the locked row (`refusalOf` turns it into the domain's refusal). */
export type TransitionRefusal = 'cancelled' | 'started' | 'not_started' | 'cancel_notice';

/** What to do with a locked row: a pure function of the row and the time. */
export type TransitionDecision = { kind: 'apply' } | { kind: 'unchanged' } | { kind: 'refused'; reason: TransitionRefusal };

export type TransitionOutcome<After> =
  | { kind: 'changed'; appointment: AppointmentView; from: AppointmentStatus; after: After }
  | { kind: 'unchanged'; appointment: AppointmentView }
  | { kind: 'refused'; refusal: AppointmentRefusal; appointment: AppointmentView | null };

export interface TransitionRequest<After> {
  tenantId: number;
  appointmentId: number;
  /** When given, only this customer's appointment is found (the bot's and reminders' scope). */
  customerId?: number | undefined;
  to: AppointmentStatus;
  change: AppointmentChangeKind;
  actor: AppointmentActor;
  now: Date;
  /** more of the change for its history entry (a cancellation's reason) */
  details?: Record<string, string>;
  /** the decision at the locked row; `appointment` is the view read before the lock (its tenant's notice, its zone) */
  decide(row: LockedAppointment, now: Date, appointment: AppointmentView): TransitionDecision;
  /**
   * Runs inside the change's transaction after the row changed and the subscribers ran (e.g.
   * queueing the customer's notification in the outbox), so both commit or neither does.
   */
  afterChange?(tx: Tx, before: AppointmentView): Promise<After>;
}

interface LockedRow {
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
 * Changes an appointment's status once: in one transaction the row is locked (FOR UPDATE,
 * so concurrent changes queue up and each decides on the current status), the decision is
 * taken, the status and revision are written, the history entry recorded, the subscribers
 * told (`cancelled` or `status_changed`) and `afterChange` run. Cancelling or confirming a row
 * of a visit cancels or confirms the visit's other upcoming rows with it (changeVisitRest). Another tenant's (or
 * customer's) id is `appointment_not_found`. The domain's status changes (confirm, cancel,
 * attendance) are all made through here.
 */
export async function transitionAppointment<After = undefined>(
  scheduling: SchedulingDeps,
  request: TransitionRequest<After>,
): Promise<TransitionOutcome<After>> {
  const { db } = scheduling;
  const scope = { tenantId: request.tenantId, customerId: request.customerId, appointmentId: request.appointmentId };
  const notFound: TransitionOutcome<After> = {
    kind: 'refused',
    refusal: { kind: 'appointment_not_found', appointmentId: request.appointmentId },
    appointment: null,
  };
  const before = await findAppointment(db, scope);
  if (!before) return notFound;

  const result = await inTransaction(db, async (tx) => {
    // A visit's rows are locked together in id order first, as a move of the visit takes them: no deadlock between the two.
    if (before.visitId !== null) {
      await tx.$queryRaw`
        SELECT id FROM appointments WHERE tenant_id = ${request.tenantId}::int AND visit_id = ${before.visitId}::int ORDER BY id FOR UPDATE`;
    }
    const locked = await tx.$queryRaw<LockedRow[]>`
      SELECT id, status, starts_at, ends_at, customer_id, professional_id, service_id, source, visit_id FROM appointments
       WHERE id = ${before.id}::int AND tenant_id = ${request.tenantId}::int FOR UPDATE`;
    const row = locked[0];
    if (!row) return { kind: 'gone' as const };
    const current: LockedAppointment = {
      id: row.id,
      status: toAppointmentStatus(row.status),
      startsAt: row.starts_at,
      endsAt: row.ends_at,
    };
    const decision = request.decide(current, request.now, before);
    if (decision.kind !== 'apply') return { kind: 'decided' as const, decision };
    await tx.appointment.update({
      where: { id: current.id, tenantId: request.tenantId },
      data: {
        status: request.to,
        revision: { increment: 1 },
        ...(request.to === 'cancelled' ? { cancelledAt: request.now } : {}),
      },
      select: { id: true },
    });
    await recordAppointmentEvent(tx, {
      tenantId: request.tenantId,
      appointmentId: current.id,
      actor: request.actor,
      change: request.change,
      details: { status: { from: current.status, to: request.to }, ...request.details },
      at: request.now,
    });
    const appointment: ChangedAppointment = {
      id: row.id,
      tenantId: request.tenantId,
      customerId: row.customer_id,
      professionalId: row.professional_id,
      serviceId: row.service_id,
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      status: request.to,
      source: toAppointmentSource(row.source),
      visitId: row.visit_id,
    };
    const happened = { at: request.now, actor: request.actor, appointment, from: current.status };
    await publishAppointmentChanged(
      tx,
      scheduling.onAppointmentChanged,
      request.to === 'cancelled' ? { kind: 'cancelled', ...happened } : { kind: 'status_changed', ...happened },
    );
    if ((request.to === 'cancelled' || request.to === 'confirmed') && before.visitId !== null) {
      await changeVisitRest(tx, scheduling, {
        tenantId: request.tenantId,
        visitId: before.visitId,
        exceptId: current.id,
        to: request.to,
        actor: request.actor,
        now: request.now,
      });
    }
    // A visit waits for one deposit (on its first row): settled, its other rows are booked or expire with it.
    const settlesDeposit = current.status === 'pending_payment' || (current.status === 'expired' && request.to === 'booked');
    if (settlesDeposit && (request.to === 'booked' || request.to === 'expired') && before.visitId !== null) {
      await changeVisitRest(tx, scheduling, {
        tenantId: request.tenantId,
        visitId: before.visitId,
        exceptId: current.id,
        to: request.to,
        actor: request.actor,
        now: request.now,
        deposit: { from: [current.status], change: request.change },
      });
    }
    const after = request.afterChange ? await request.afterChange(tx, before) : (undefined as After);
    return { kind: 'applied' as const, from: current.status, after };
  });

  const appointment = (await findAppointment(db, scope)) ?? before;
  if (result.kind === 'gone') return notFound;
  if (result.kind === 'applied') return { kind: 'changed', appointment, from: result.from, after: result.after };
  if (result.decision.kind === 'unchanged') return { kind: 'unchanged', appointment };
  return { kind: 'refused', refusal: refusalOf(result.decision.reason, appointment), appointment };
}

/** A refusal at the row as the domain's refusal of that appointment (the view gives its local start and the tenant's notice). */
export function refusalOf(reason: TransitionRefusal, appointment: AppointmentView): AppointmentRefusal {
  const start = localDateTimeOf(appointment.startsAt.getTime(), appointment.timezone);
  switch (reason) {
    case 'cancelled':
      return { kind: 'appointment_cancelled', appointmentId: appointment.id };
    case 'started':
      return { kind: 'appointment_started', appointmentId: appointment.id, start };
    case 'not_started':
      return { kind: 'not_started', appointmentId: appointment.id, start };
    case 'cancel_notice':
      return { kind: 'cancel_notice', appointmentId: appointment.id, start, minutes: appointment.cancelNoticeMinutes };
  }
}
