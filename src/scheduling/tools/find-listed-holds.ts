import type { Queryable } from '../../db/index.js';
import type { AppointmentView } from '../appointments/index.js';

/** What a listed booking still waits for: the deposit's amount and the end of its hold. */
export interface ListedHold {
  amountCents: number;
  holdUntil: Date;
}

/**
 * The pending deposit each listed `pending_payment` appointment waits for, by appointment id (a
 * visit's rows all wait for the one deposit on its first row). One query; none when nothing waits.
 */
export async function findListedHolds(
  db: Queryable,
  tenantId: number,
  appointments: readonly AppointmentView[],
): Promise<Map<number, ListedHold>> {
  const waiting = appointments.filter((appointment) => appointment.status === 'pending_payment');
  const holds = new Map<number, ListedHold>();
  if (waiting.length === 0) return holds;
  const visitIds = [...new Set(waiting.flatMap((appointment) => (appointment.visitId === null ? [] : [appointment.visitId])))];
  const rows = await db.deposit.findMany({
    where: {
      tenantId,
      status: 'pending',
      OR: [{ appointmentId: { in: waiting.map((appointment) => appointment.id) } }, { appointment: { visitId: { in: visitIds } } }],
    },
    select: { appointmentId: true, amountCents: true, holdUntil: true, appointment: { select: { visitId: true } } },
  });
  for (const appointment of waiting) {
    const row =
      rows.find((deposit) => deposit.appointmentId === appointment.id) ??
      (appointment.visitId === null ? undefined : rows.find((deposit) => deposit.appointment.visitId === appointment.visitId));
    if (row) holds.set(appointment.id, { amountCents: row.amountCents, holdUntil: row.holdUntil });
  }
  return holds;
}
