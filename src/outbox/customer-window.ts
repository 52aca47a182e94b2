import type { Queryable } from '../db/index.js';

/**
 * Whether WhatsApp's 24-hour customer-service window is open: free-form messages are only
 * delivered while the customer's last message is less than 24 hours old (outside it Meta
 * rejects the send; only an approved template reopens the chat). `not_found` for a
 * conversation that does not exist or is another tenant's. Judged by the database clock, so
 * inside one transaction every read gives the same answer.
 */
export type CustomerWindow = 'open' | 'closed' | 'not_found';

export async function readCustomerWindow(db: Queryable, tenantId: number, conversationId: number): Promise<CustomerWindow> {
  const rows = await db.$queryRaw<{ open: boolean }[]>`
    SELECT coalesce(last_inbound_at > now() - interval '24 hours', false) AS open
    FROM conversations WHERE id = ${conversationId} AND tenant_id = ${tenantId}`;
  const row = rows[0];
  if (!row) return 'not_found';
  return row.open ? 'open' : 'closed';
}
