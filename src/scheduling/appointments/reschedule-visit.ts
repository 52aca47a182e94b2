import { inTransaction, isExclusionViolation, isResourceOverbooked, isUniqueViolation, type Tx } from '../../db/index.js';
import { refused } from '../availability/index.js';
import { publishAppointmentChanged, type SchedulingDeps } from './appointment-changed.js';
import { isUpcomingStatus, UPCOMING_STATUSES } from './appointment-status.js';
import { type AppointmentView, findAppointment, findAppointmentByKey, findVisitAppointments } from './appointment-view.js';
import { rowKey } from './book-visit.js';
import { decideCancellation } from './cancel-appointment.js';
import { createAppointmentRow } from './create-appointment-row.js';
import { changedOf, NoLongerUpcoming } from './move-appointment.js';
import { recordAppointmentEvent } from './record-appointment-event.js';
import type { RescheduleAppointmentOutcome, RescheduleAppointmentRequest } from './reschedule-request.js';
import { resolveVisitStart } from './resolve-visit-start.js';
import { refusalOf } from './transition-appointment.js';

/**
 * Moves a whole visit (rescheduleAppointment calls it for a row that belongs to one): every
 * upcoming service of the visit moves with the row named, keeping their order, their offsets
 * from one another, their services and professionals; `request.start` is the named row's new
 * start. The whole visit is checked at its new start (resolveVisitStart: hours, breaks, time
 * off, holidays, buffers, resources, other bookings; the visit's own rows do not count as
 * busy), then ONE transaction locks its rows (id order), cancels them, takes a new visit id and
 * inserts the new rows, each `rescheduled_from` its old one, telling the subscribers of each
 * pair (`moved`). Any row the database refuses (an overlap, a resource over its count) rolls
 * it all back: nothing moves. Under customer rules the visit's first service binds the
 * cancellation notice. Idempotent per key: the named row's new row carries the key, the
 * others `key#n`.
 */
export async function rescheduleVisit<After>(
  scheduling: SchedulingDeps,
  request: RescheduleAppointmentRequest<After>,
  named: AppointmentView & { visitId: number },
): Promise<RescheduleAppointmentOutcome<After>> {
  const { db } = scheduling;
  const scope = { tenantId: request.tenantId, customerId: request.customerId };
  const rows = (await findVisitAppointments(db, { ...scope, visitId: named.visitId })).filter((row) => isUpcomingStatus(row.status));
  const first = rows[0];
  const namedIndex = rows.findIndex((row) => row.id === named.id);
  if (!first || namedIndex < 0) return refused({ kind: 'appointment_cancelled', appointmentId: named.id });
  const { rules } = request.policy;
  const decision = decideCancellation(first, request.now, rules.cancellationNotice ? first.cancelNoticeMinutes : null);
  if (decision.kind === 'refused') return refused(refusalOf(decision.reason, first));

  const ids = rows.map((row) => row.id);
  const plan = await resolveVisitStart(db, {
    tenantId: request.tenantId,
    items: rows.map((row) => ({ serviceId: row.service.id, professionalId: row.professional.id })),
    start: request.start,
    leadMinutes: (named.startsAt.getTime() - first.startsAt.getTime()) / 60_000,
    now: request.now,
    rules,
    ignoreAppointmentIds: ids,
  });
  if (plan.kind === 'refused') return plan;

  try {
    const moved = await inTransaction(db, async (tx) => {
      await releaseVisitRows(tx, request.tenantId, ids, request.now);
      const [sequence] = await tx.$queryRaw<{ id: number }[]>`SELECT nextval('appointment_visit_ids')::int AS id`;
      const visitId = sequence!.id;
      const created: number[] = [];
      for (const [index, item] of plan.items.entries()) {
        const old = rows[index]!;
        const appointment = await createAppointmentRow(
          tx,
          {
            tenantId: request.tenantId,
            customerId: old.customerId,
            professionalId: item.professional.id,
            serviceId: item.service.id,
            startsAt: new Date(item.startsAt),
            endsAt: new Date(item.endsAt),
            visitId,
            priceCents: item.service.priceCents,
            bufferAfterMinutes: item.service.bufferAfterMinutes,
            source: request.policy.source,
            idempotencyKey: index === namedIndex ? request.idempotencyKey : rowKey(request.idempotencyKey, index + 1),
            rescheduledFromId: old.id,
          },
          request.policy.actor,
          request.now,
        );
        await recordAppointmentEvent(tx, {
          tenantId: request.tenantId,
          appointmentId: old.id,
          actor: request.policy.actor,
          change: 'rescheduled_to',
          details: {
            status: { from: old.status, to: 'cancelled' },
            rescheduledToId: appointment.id,
            startsAt: { from: old.startsAt.toISOString(), to: new Date(item.startsAt).toISOString() },
            visitId: { from: named.visitId, to: visitId },
          },
          at: request.now,
        });
        await publishAppointmentChanged(tx, scheduling.onAppointmentChanged, {
          kind: 'moved',
          appointment,
          previous: changedOf(old),
          at: request.now,
          actor: request.policy.actor,
        });
        created.push(appointment.id);
      }
      const item = plan.items[namedIndex]!;
      const change = {
        previous: named,
        startsAt: new Date(item.startsAt),
        endsAt: new Date(item.endsAt),
        visit: { previous: rows, startsAt: new Date(plan.items[0]!.startsAt) },
      };
      const after = request.afterChange ? await request.afterChange(tx, change) : (undefined as After);
      return { visitId, namedId: created[namedIndex]!, after };
    });
    const appointment = await findAppointment(db, { ...scope, appointmentId: moved.namedId });
    if (!appointment) throw new Error(`appointment ${moved.namedId} not found right after its visit was moved`);
    return {
      kind: 'moved',
      appointment,
      previous: (await findAppointment(db, { ...scope, appointmentId: named.id })) ?? named,
      after: moved.after,
      visit: {
        visitId: moved.visitId,
        appointments: await findVisitAppointments(db, { ...scope, visitId: moved.visitId }),
        previous: (await findVisitAppointments(db, { ...scope, visitId: named.visitId })).filter((row) => ids.includes(row.id)),
      },
    };
  } catch (error) {
    if (error instanceof NoLongerUpcoming) return refused({ kind: 'appointment_cancelled', appointmentId: named.id });
    if (isUniqueViolation(error)) {
      const replay = await findAppointmentByKey(db, { ...scope, idempotencyKey: request.idempotencyKey });
      if (replay) return { kind: 'unchanged', appointment: replay, previous: named };
    }
    const racedResource = isResourceOverbooked(error);
    if (!racedResource && !isExclusionViolation(error)) throw error;
    const alternatives = await plan.freshAlternatives();
    if (racedResource) return refused({ kind: 'resource_taken', start: request.start, alternatives });
    return refused({
      kind: 'slot_taken',
      start: request.start,
      professional: named.professional,
      appointmentId: null,
      justNow: true,
      alternatives,
    });
  }
}

/**
 * Locks the visit's rows (id order, as every visit change takes them) and cancels them all;
 * throws NoLongerUpcoming when one stopped being booked or confirmed meanwhile (rolls back).
 */
async function releaseVisitRows(tx: Tx, tenantId: number, ids: number[], now: Date): Promise<void> {
  const locked = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM appointments
     WHERE tenant_id = ${tenantId}::int AND id = ANY(${ids}::int[]) AND status = ANY(${[...UPCOMING_STATUSES]}::text[])
     ORDER BY id FOR UPDATE`;
  if (locked.length !== ids.length) throw new NoLongerUpcoming();
  await tx.appointment.updateMany({
    where: { tenantId, id: { in: ids } },
    data: { status: 'cancelled', cancelledAt: now, revision: { increment: 1 } },
  });
}
