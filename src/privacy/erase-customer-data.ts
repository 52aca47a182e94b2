import { type Db, inTransaction } from '../db/index.js';
import { CUSTOMER_DATA_TABLES, customerRowsCondition } from './customer-data-map.js';

export type EraseCustomerDataResult = { kind: 'erased'; requestId: number; rows: Record<string, number> } | { kind: 'not_found' };

/**
 * Erases one customer's personal data (LGPD art. 18 deletion request), in one transaction:
 * messages (bodies, media, transcripts), the model's history and tool calls are deleted;
 * the customer row loses its name and number (a later message from the same number is a new
 * customer); appointments, handoffs and runs stay, anonymised, for the business's records and
 * stats. The request itself is recorded in `privacy_requests` with row counts only, no
 * personal data. Another tenant's customer answers `not_found`, like a missing one.
 */
export async function eraseCustomerData(
  db: Db,
  request: { tenantId: number; customerId: number; actor: string },
): Promise<EraseCustomerDataResult> {
  return inTransaction(db, async (tx) => {
    const locked = await tx.$queryRaw<{ id: number }[]>`
      SELECT id FROM customers WHERE id = ${request.customerId} AND tenant_id = ${request.tenantId} FOR UPDATE`;
    if (locked.length === 0) return { kind: 'not_found' as const };
    const rows: Record<string, number> = {};
    // Rows found through a run or a conversation first, the customer row last, so every condition still matches.
    for (const entry of [...CUSTOMER_DATA_TABLES].reverse()) {
      const condition = customerRowsCondition(entry);
      if (entry.onErase.kind === 'delete') {
        rows[entry.table] = await tx.$executeRawUnsafe(
          `DELETE FROM ${entry.table} t WHERE ${condition}`,
          request.tenantId,
          request.customerId,
        );
        continue;
      }
      const assignments = Object.entries(entry.onErase.cleared).map(([column, value]) => `${column} = ${value}`);
      rows[entry.table] =
        assignments.length === 0
          ? 0
          : await tx.$executeRawUnsafe(
              `UPDATE ${entry.table} t SET ${assignments.join(', ')} WHERE ${condition}`,
              request.tenantId,
              request.customerId,
            );
    }
    const logged = await tx.privacyRequest.create({
      data: { tenantId: request.tenantId, customerId: request.customerId, kind: 'erasure', actor: request.actor, rows },
      select: { id: true },
    });
    return { kind: 'erased' as const, requestId: logged.id, rows };
  });
}
