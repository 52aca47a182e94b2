import type { Queryable } from '../../db/index.js';
import { UPCOMING_STATUSES } from './appointment-status.js';
import { type AppointmentView, appointmentViewSelect, toAppointmentView } from './appointment-view.js';

/**
 * The customer's booked or confirmed appointments that have not ended yet, soonest first (at most
 * `limit`); with `withPendingPayment`, also those held waiting for a deposit (`pending_payment`).
 */
export async function listCustomerAppointments(
  db: Queryable,
  request: { tenantId: number; customerId: number; now: Date; limit?: number; withPendingPayment?: boolean },
): Promise<AppointmentView[]> {
  const rows = await db.appointment.findMany({
    where: {
      tenantId: request.tenantId,
      customerId: request.customerId,
      status: { in: request.withPendingPayment ? [...UPCOMING_STATUSES, 'pending_payment'] : [...UPCOMING_STATUSES] },
      endsAt: { gt: request.now },
    },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    take: request.limit ?? 20,
    select: appointmentViewSelect,
  });
  return rows.map(toAppointmentView);
}
