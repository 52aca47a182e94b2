/**
 * Where a customer's data lives, table by table: the one map that the LGPD export, the
 * erasure and the retention job read, so a new table that holds customer data is covered by
 * adding one entry (a test fails while a table with `customer_id`, `conversation_id` or
 * `run_id` is missing here).
 *
 * `scope` says how a row belongs to one customer of one tenant (every table also carries
 * `tenant_id`, and every query filters by it):
 * - `customer`: the row is the customer (`id`) or names it (`customer_id`);
 * - `conversation`: through `conversation_id` (a customer has one conversation per tenant);
 * - `run`: through `run_id` of one of the customer's `agent_runs`;
 * - `appointment`: through `appointment_id` of one of the customer's appointments;
 * - `mention`: the row's raw text column (`link`) names the customer's phone (`wa_id`) or
 *   business-scoped user id as a JSON string (webhook dead letters keep Meta's raw item).
 *
 * `onErase` is what erasure does: `delete` the rows, or `clear` the listed personal columns
 * (set to their value in `cleared`) and keep the row for the business's records and stats.
 */
export interface CustomerDataTable {
  table: string;
  scope: 'customer' | 'conversation' | 'run' | 'appointment' | 'mention';
  /** the column that links the row to its scope (`id` for the customers table itself) */
  link: string;
  onErase: { kind: 'delete' } | { kind: 'clear'; cleared: Record<string, string> };
}

/**
 * Column values an erased customer row gets: no name, username, staff's notes or business-scoped user ids,
 * and a phone no WhatsApp user can have, so a later message (by phone or by BSUID) starts fresh.
 */
export const ERASED_CUSTOMER_COLUMNS = {
  name: 'NULL',
  wa_id: `'erased:' || id`,
  bsuid: 'NULL',
  parent_bsuid: 'NULL',
  username: 'NULL',
  notes: 'NULL',
} as const;

export const CUSTOMER_DATA_TABLES: readonly CustomerDataTable[] = [
  { table: 'customers', scope: 'customer', link: 'id', onErase: { kind: 'clear', cleared: { ...ERASED_CUSTOMER_COLUMNS } } },
  // handoff_notice_sent_at stays: a time, not personal data, and handoff/ is its only writer (like the handoffs' own times).
  {
    table: 'conversations',
    scope: 'customer',
    link: 'customer_id',
    onErase: { kind: 'clear', cleared: { assistant_state: 'NULL', referral: 'NULL' } },
  },
  // What the webhook could not store, raw (phone numbers, profile names, bodies): found by the
  // customer's ids in the raw JSON, so it must come after `customers` here (erasure runs this
  // list backwards: these rows go before the customer row loses its ids). Rows of no tenant
  // (unknown phone_number_id) cannot be attributed and are not covered.
  { table: 'webhook_dead_letters', scope: 'mention', link: 'raw', onErase: { kind: 'delete' } },
  // Appointments stay for the business's records; they hold no personal column of their own.
  { table: 'appointments', scope: 'customer', link: 'customer_id', onErase: { kind: 'clear', cleared: {} } },
  { table: 'messages', scope: 'conversation', link: 'conversation_id', onErase: { kind: 'delete' } },
  { table: 'agent_history', scope: 'conversation', link: 'conversation_id', onErase: { kind: 'delete' } },
  // Staff's internal notes about the customer: in the export (LGPD access), deleted on erasure.
  { table: 'conversation_notes', scope: 'conversation', link: 'conversation_id', onErase: { kind: 'delete' } },
  // Handoffs and runs stay for stats (reasons, waits, exits); their free text may quote the customer.
  { table: 'handoffs', scope: 'conversation', link: 'conversation_id', onErase: { kind: 'clear', cleared: { note: 'NULL' } } },
  { table: 'agent_runs', scope: 'conversation', link: 'conversation_id', onErase: { kind: 'clear', cleared: { error: 'NULL' } } },
  { table: 'agent_tool_calls', scope: 'run', link: 'run_id', onErase: { kind: 'delete' } },
  // Who changed an appointment and how: statuses and actor ids, kept with the anonymised appointment.
  { table: 'appointment_events', scope: 'appointment', link: 'appointment_id', onErase: { kind: 'clear', cleared: {} } },
  // Reminders sent and how the customer answered: kept with the anonymised appointment for the
  // reminder report; the payload token is the only link a later tap could use, so it is replaced.
  {
    table: 'appointment_reminders',
    scope: 'customer',
    link: 'customer_id',
    onErase: { kind: 'clear', cleared: { payload_token: `'erased:' || id` } },
  },
  // What the customer asked the waitlist for (a service, a day): deleted on erasure, with its offers (foreign key cascade).
  { table: 'waitlist_entries', scope: 'customer', link: 'customer_id', onErase: { kind: 'delete' } },
  // An offer a tap booked names that appointment; erased first (this list runs backwards), its token with it.
  { table: 'waitlist_offers', scope: 'appointment', link: 'appointment_id', onErase: { kind: 'delete' } },
  // Deposits by Pix: amounts and statuses stay with the anonymised appointment for the deposits report;
  // the copia-e-cola code the customer was sent goes.
  { table: 'deposits', scope: 'appointment', link: 'appointment_id', onErase: { kind: 'clear', cleared: { pix_code: 'NULL' } } },
];

/**
 * The SQL condition that selects one customer's rows of `entry.table` (aliased `t`), with
 * `$1` = tenant id and `$2` = customer id.
 */
export function customerRowsCondition(entry: CustomerDataTable): string {
  const tenant = 't.tenant_id = $1';
  switch (entry.scope) {
    case 'customer':
      return `${tenant} AND t.${entry.link} = $2`;
    case 'conversation':
      return `${tenant} AND t.${entry.link} IN (SELECT c.id FROM conversations c WHERE c.tenant_id = $1 AND c.customer_id = $2)`;
    case 'appointment':
      return `${tenant} AND t.${entry.link} IN (SELECT a.id FROM appointments a WHERE a.tenant_id = $1 AND a.customer_id = $2)`;
    case 'mention':
      return `${tenant} AND EXISTS (SELECT 1 FROM customers c WHERE c.tenant_id = $1 AND c.id = $2
        AND ((c.wa_id IS NOT NULL AND strpos(t.${entry.link}, '"' || c.wa_id || '"') > 0)
          OR (c.bsuid IS NOT NULL AND strpos(t.${entry.link}, '"' || c.bsuid || '"') > 0)))`;
    case 'run':
      return `${tenant} AND t.${entry.link} IN (SELECT r.id FROM agent_runs r JOIN conversations c ON c.id = r.conversation_id
        WHERE r.tenant_id = $1 AND c.tenant_id = $1 AND c.customer_id = $2)`;
  }
}
