import type { Queryable } from '../../db/index.js';
import type { AppointmentChange, ClaimKind } from '../../shared/index.js';
import { type AppointmentView, beforeLatestMove, findCustomerAppointment, findVisitAppointments } from '../appointments/index.js';

/** Which appointment a successful write touched (read from a write tool's result). */
export interface ScheduleChangeRef {
  /** the change the write made (its definition's `claims`) */
  kind: ClaimKind;
  appointmentId: number;
  /** a reschedule's appointment before the move: the same id (a move made before moves kept the id: the old, cancelled row) */
  previousAppointmentId?: number;
}

/** A change re-read from the database: the rows as they are now. */
export interface ConfirmedChange extends ScheduleChangeRef {
  appointment: AppointmentView;
  previous: AppointmentView | null;
}

/** The receipt pointer of a write's change: its kind (the write's `claims`) and the appointments it touched. */
export function scheduleChangeRefOf(kind: ClaimKind, change: AppointmentChange): ScheduleChangeRef {
  return {
    kind,
    appointmentId: change.appointmentId,
    ...(kind === 'rescheduled' && change.previous ? { previousAppointmentId: change.previous.appointmentId } : {}),
  };
}

/**
 * Re-reads the rows behind each change, scoped to the tenant and customer (a ref to
 * anybody else's appointment reads as missing and is dropped). Repeated refs (a retried
 * or repeated call) count once, in first-seen order. A booked row of a visit brings the
 * visit's other rows with it, in order of start; a moved row of a visit brings every row of
 * the moved visit, in order of start, each with the row it replaced.
 */
export async function readConfirmedChanges(
  db: Queryable,
  scope: { tenantId: number; customerId: number },
  refs: readonly ScheduleChangeRef[],
): Promise<ConfirmedChange[]> {
  const seen = new Set<string>();
  const changes: ConfirmedChange[] = [];
  for (const ref of refs) {
    const key = `${ref.kind}:${ref.appointmentId}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const appointment = await findCustomerAppointment(db, { ...scope, appointmentId: ref.appointmentId });
    if (!appointment) continue;
    // A visit is moved as a whole by one call: its receipt lists every service at its new time, in order.
    if (ref.kind === 'rescheduled' && appointment.visitId !== null) {
      changes.push(...(await movedVisitChanges(db, scope, { ...appointment, visitId: appointment.visitId }, seen)));
      continue;
    }
    const previous =
      ref.previousAppointmentId === undefined
        ? null
        : ref.previousAppointmentId === appointment.id
          ? await beforeLatestMove(db, appointment)
          : await findCustomerAppointment(db, { ...scope, appointmentId: ref.previousAppointmentId });
    changes.push({ ...ref, appointment, previous });
    // A visit is booked by one call: its receipt lists every service of it.
    if (ref.kind !== 'booked' || appointment.visitId === null) continue;
    for (const item of await findVisitAppointments(db, { ...scope, visitId: appointment.visitId })) {
      const itemKey = `booked:${item.id}`;
      if (seen.has(itemKey)) continue;
      seen.add(itemKey);
      changes.push({ kind: 'booked', appointmentId: item.id, appointment: item, previous: null });
    }
  }
  return changes;
}

/**
 * Every row of a moved visit (`moved` is the one the call named), in order of start, each with
 * itself before its latest move (or, for an older move, the row it replaced); other rows already
 * seen are left out.
 */
async function movedVisitChanges(
  db: Queryable,
  scope: { tenantId: number; customerId: number },
  moved: AppointmentView & { visitId: number },
  seen: Set<string>,
): Promise<ConfirmedChange[]> {
  const { visitId } = moved;
  const links = await db.appointment.findMany({
    where: { tenantId: scope.tenantId, customerId: scope.customerId, visitId },
    select: { id: true, rescheduledFromId: true },
  });
  const changes: ConfirmedChange[] = [];
  for (const item of await findVisitAppointments(db, { ...scope, visitId })) {
    const key = `rescheduled:${item.id}`;
    if (item.id !== moved.id && seen.has(key)) continue;
    seen.add(key);
    const from = links.find((link) => link.id === item.id)?.rescheduledFromId ?? null;
    const previous =
      from === null ? await beforeLatestMove(db, item) : await findCustomerAppointment(db, { ...scope, appointmentId: from });
    changes.push({
      kind: 'rescheduled',
      appointmentId: item.id,
      ...(from === null ? {} : { previousAppointmentId: from }),
      appointment: item,
      previous,
    });
  }
  return changes;
}
