import { type Db, inTransaction } from '../db/index.js';
import { CUSTOMER_DATA_TABLES, customerRowsCondition } from './customer-data-map.js';

export interface CustomerDataExport {
  exportedAt: string;
  tenant: { id: number; slug: string; name: string };
  customerId: number;
  /** every stored row about the customer, table by table, oldest first, as the database holds it */
  tables: Record<string, unknown[]>;
}

/**
 * Everything stored about one customer of one tenant (LGPD art. 18 access request): every
 * row of every table in the customer data map, whole. Null when the customer does not exist
 * or belongs to another tenant, which callers answer the same way. Read in one repeatable-read
 * transaction so the tables agree with each other; the request is recorded in
 * `privacy_requests` (row counts only).
 */
export async function exportCustomerData(
  db: Db,
  query: { tenantId: number; customerId: number; now: Date; actor: string },
): Promise<CustomerDataExport | null> {
  return inTransaction(
    db,
    async (tx) => {
      const tenant = await tx.tenant.findUnique({ where: { id: query.tenantId }, select: { id: true, slug: true, name: true } });
      const customer = await tx.customer.findFirst({ where: { id: query.customerId, tenantId: query.tenantId }, select: { id: true } });
      if (!tenant || !customer) return null;
      const tables: Record<string, unknown[]> = {};
      for (const entry of CUSTOMER_DATA_TABLES) {
        // Table and column names come from the constant map, never from input; ids are parameters.
        const rows = await tx.$queryRawUnsafe<{ row: unknown }[]>(
          `SELECT to_jsonb(t) AS row FROM ${entry.table} t WHERE ${customerRowsCondition(entry)} ORDER BY t.id`,
          query.tenantId,
          query.customerId,
        );
        tables[entry.table] = rows.map(({ row }) => row);
      }
      const rows = Object.fromEntries(Object.entries(tables).map(([table, list]) => [table, list.length]));
      await tx.privacyRequest.create({
        data: { tenantId: query.tenantId, customerId: customer.id, kind: 'export', actor: query.actor, rows },
        select: { id: true },
      });
      return { exportedAt: query.now.toISOString(), tenant, customerId: customer.id, tables };
    },
    { isolationLevel: 'RepeatableRead' },
  );
}
