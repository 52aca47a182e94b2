import { Prisma, type Queryable } from '../../db/index.js';
import { UPCOMING_STATUSES } from './appointment-status.js';
import { type AppointmentView, queryAppointmentViews } from './appointment-view.js';

/**
 * The customer's booked or confirmed appointments that have not ended yet, soonest first (at most
 * `limit`); with `withPendingPayment`, also those held waiting for a deposit (`pending_payment`).
 */
export async function listCustomerAppointments(
  db: Queryable,
  request: { tenantId: number; customerId: number; now: Date; limit?: number; withPendingPayment?: boolean },
): Promise<AppointmentView[]> {
  const statuses: string[] = request.withPendingPayment ? [...UPCOMING_STATUSES, 'pending_payment'] : [...UPCOMING_STATUSES];
  // One statement (every agent run starts with it): the views' relations are joins, not reads of their own.
  return queryAppointmentViews(
    db,
    Prisma.sql`a.tenant_id = ${request.tenantId} AND a.customer_id = ${request.customerId}
      AND a.status = ANY(${statuses}::text[]) AND a.ends_at > ${request.now}`,
    Prisma.sql`ORDER BY a.starts_at, a.id LIMIT ${request.limit ?? 20}`,
  );
}
