import type { Queryable } from '../../db/index.js';

/** What staff may change on a customer: a corrected name, and their notes (null clears them). */
export interface CustomerChanges {
  name?: string | undefined;
  notes?: string | null | undefined;
}

/**
 * Staff's changes to one customer of the tenant (the one writer of `customers.notes`, and of
 * `name` outside the webhook intake). Answers the customer as now stored, or null for an
 * unknown id or another tenant's customer (nothing written).
 */
export async function updateCustomer(
  db: Queryable,
  request: { tenantId: number; customerId: number; changes: CustomerChanges },
): Promise<{ id: number } | null> {
  const data = {
    ...(request.changes.name !== undefined ? { name: request.changes.name } : {}),
    ...(request.changes.notes !== undefined ? { notes: request.changes.notes } : {}),
  };
  const updated = await db.customer.updateMany({ where: { id: request.customerId, tenantId: request.tenantId }, data });
  return updated.count === 0 ? null : { id: request.customerId };
}
