import { inTransaction, isExclusionViolation, isResourceOverbooked, isUniqueViolation } from '../../db/index.js';
import { refused } from '../availability/index.js';
import { publishAppointmentChanged, type SchedulingDeps } from './appointment-changed.js';
import { isUpcomingStatus } from './appointment-status.js';
import { type AppointmentView, findAppointment, findVisitAppointments } from './appointment-view.js';
import { rowKey } from './book-visit.js';
import { decideCancellation } from './cancel-appointment.js';
import { findMoveByKey } from './find-move-by-key.js';
import { changedOfLocked, lockUpcoming, NoLongerUpcoming, recordMove } from './move-appointment.js';
import type { RescheduleAppointmentOutcome, RescheduleAppointmentRequest } from './reschedule-request.js';
import { resolveVisitStart } from './resolve-visit-start.js';
import { refusalOf } from './transition-appointment.js';

/**
 * Moves a whole visit (rescheduleAppointment calls it for a row that belongs to one): every
 * upcoming service of the visit moves with the row named, keeping their order, their offsets
 * from one another, their services, their visit id and their professionals (the named row's
 * becomes `request.professionalId` when staff give one); `request.start` is the named row's
 * new start. The whole visit is checked at its new start (resolveVisitStart: hours, breaks,
 * time off, holidays, buffers, resources, other bookings; the visit's own rows do not count as
 * busy), then ONE transaction locks its rows (id order, as every visit change takes them) and
 * moves each IN PLACE (same ids, statuses and histories), telling the subscribers of each
 * (`moved`). Any row the database refuses (an overlap, a resource over its count) rolls it all
 * back: nothing moves. Under customer rules the visit's first service binds the cancellation
 * notice. Idempotent per key: the named row's history entry carries the key, the others `key#n`.
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
    items: rows.map((row, index) => ({
      serviceId: row.service.id,
      professionalId: index === namedIndex ? (request.professionalId ?? row.professional.id) : row.professional.id,
    })),
    start: request.start,
    leadMinutes: (named.startsAt.getTime() - first.startsAt.getTime()) / 60_000,
    now: request.now,
    rules,
    ignoreAppointmentIds: ids,
  });
  if (plan.kind === 'refused') return plan;

  try {
    const after = await inTransaction(db, async (tx) => {
      const locked = await lockUpcoming(tx, request.tenantId, ids);
      if (locked.length !== ids.length) throw new NoLongerUpcoming();
      // The visit's rows step aside first: moved one by one, a row's new time may cover a later
      // row's old one (back to back, one professional), which the constraint and the resource
      // trigger would refuse although that row moves too. Parked rows hold nothing; each gets its
      // status back with its new time, checked then against everything else. Nobody outside this
      // transaction ever sees them parked.
      await tx.appointment.updateMany({ where: { tenantId: request.tenantId, id: { in: ids } }, data: { status: 'cancelled' } });
      for (const [index, item] of plan.items.entries()) {
        const old = rows[index]!;
        const lockedRow = locked.find((row) => row.id === old.id)!;
        const before = changedOfLocked(request.tenantId, lockedRow);
        const to = { professionalId: item.professional.id, startsAt: new Date(item.startsAt), endsAt: new Date(item.endsAt) };
        await tx.appointment.update({
          where: { id: old.id, tenantId: request.tenantId },
          data: {
            ...to,
            status: before.status,
            priceCents: item.service.priceCents,
            bufferAfterMinutes: item.service.bufferAfterMinutes,
            rescheduledAt: request.now,
            revision: { increment: 1 },
          },
          select: { id: true },
        });
        await recordMove(tx, {
          tenantId: request.tenantId,
          before,
          after: to,
          source: request.policy.source,
          actor: request.policy.actor,
          idempotencyKey: index === namedIndex ? request.idempotencyKey : rowKey(request.idempotencyKey, index + 1),
          now: request.now,
          details: { visitId: named.visitId },
        });
        await publishAppointmentChanged(tx, scheduling.onAppointmentChanged, {
          kind: 'moved',
          appointment: { ...before, ...to },
          previous: before,
          at: request.now,
          actor: request.policy.actor,
        });
      }
      const item = plan.items[namedIndex]!;
      const change = {
        previous: named,
        startsAt: new Date(item.startsAt),
        endsAt: new Date(item.endsAt),
        visit: { previous: rows, startsAt: new Date(plan.items[0]!.startsAt) },
      };
      return request.afterChange ? await request.afterChange(tx, change) : (undefined as After);
    });
    const appointment = await findAppointment(db, { ...scope, appointmentId: named.id });
    if (!appointment) throw new Error(`appointment ${named.id} not found right after its visit was moved`);
    const moved = await findVisitAppointments(db, { ...scope, visitId: named.visitId });
    return {
      kind: 'moved',
      appointment,
      previous: named,
      after,
      visit: { visitId: named.visitId, appointments: moved.filter((row) => ids.includes(row.id)), previous: rows },
    };
  } catch (error) {
    if (error instanceof NoLongerUpcoming) return refused({ kind: 'appointment_cancelled', appointmentId: named.id });
    if (isUniqueViolation(error)) {
      const replay = await findMoveByKey(db, { ...scope, idempotencyKey: request.idempotencyKey });
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
