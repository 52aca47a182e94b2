import { type Db, Prisma } from '../db/index.js';
import { JOBS_DUE_CHANNEL, TASKS } from '../queue/index.js';
import type { InboundMessageToStore, ProcessingSchedule } from './inbound-message-to-store.js';

/**
 * Stores a batch of inbound messages and enqueues their conversations' processing in ONE
 * statement (one transaction, one commit, its queue NOTIFYs) — what the webhook needs under
 * load: PostgreSQL serialises the commits of every transaction that NOTIFYs (as enqueuing a
 * graphile-worker job does), so one enqueue per message would cap intake at one disk flush per
 * message. The jobs are written by `add_conversation_jobs` inside the statement, the rows
 * graphile-worker's add_jobs would write (migration 20261219000000_intake_jobs_without_add_jobs).
 *
 * Customers are found, created or linked by `upsert_wa_customer` (phone and/or business-scoped
 * user id) inside the statement; when two stored customers turn out to be one person, they are
 * merged in a statement of their own first. Only messages stored `received` enqueue a job. Returns, per
 * WhatsApp id actually inserted (a redelivered id, or a second copy inside the batch, is
 * not), the new message and its conversation.
 */
export async function storeInboundBatch(
  db: Db | SqlRunner,
  messages: InboundMessageToStore[],
  schedule: ProcessingSchedule,
): Promise<Map<string, { messageId: number; conversationId: number }>> {
  if (messages.length === 0) return new Map();
  const run = async <Row>(query: { text: string; values: unknown[] }) =>
    'query' in db ? (await db.query<Row>(query.text, query.values)).rows : await db.$queryRawUnsafe<Row[]>(query.text, ...query.values);
  type Row = { wa_message_id: string; id: number; conversation_id: number };
  let rows: Row[];
  try {
    // The common case: customers found, created or linked inside the one statement.
    rows = await run<Row>(inboundBatchQuery(messages, null, schedule));
  } catch (error) {
    if (!isMergeNeeded(error)) throw error;
    // Two rows turned out to be one person: merging moves conversations, which the message
    // statement's upserts could not touch again, so the customers go first, on their own.
    const customerIds = await run<{ position: number; customer_id: number }>(customersQuery(messages));
    const byPosition = new Map(customerIds.map((row) => [Number(row.position), row.customer_id]));
    rows = await run<Row>(
      inboundBatchQuery(
        messages,
        messages.map((_, index) => byPosition.get(index + 1) ?? null),
        schedule,
      ),
    );
  }
  return new Map(rows.map((row) => [row.wa_message_id, { messageId: row.id, conversationId: row.conversation_id }]));
}

/** `upsert_wa_customer(…, p_may_merge => false)` refused to merge two customers (SQLSTATE WAM01). */
function isMergeNeeded(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'WAM01' || /WAM01|customers to merge/.test(error instanceof Error ? error.message : String(error));
}

/**
 * The customer of each message (by position, 1-based): one `upsert_wa_customer` call per
 * distinct sender, newest profile fields winning, in a stable order so two concurrent batches
 * take their row locks in the same order.
 */
function customersQuery(messages: InboundMessageToStore[]) {
  const column = <T>(pick: (message: InboundMessageToStore) => T) => messages.map(pick);
  return Prisma.sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${column((message) => message.tenantId)}::int[],
        ${column((message) => message.waId)}::text[],
        ${column((message) => message.bsuid)}::text[],
        ${column((message) => message.parentBsuid)}::text[],
        ${column((message) => message.username)}::text[],
        ${column((message) => message.profileName)}::text[]
      ) WITH ORDINALITY AS input(tenant_id, wa_id, bsuid, parent_bsuid, username, name, position)
    ), identity AS MATERIALIZED (
      SELECT DISTINCT ON (tenant_id, wa_id, bsuid) tenant_id, wa_id, bsuid, parent_bsuid, username, name
      FROM input ORDER BY tenant_id, wa_id, bsuid, position DESC
    ), customer AS MATERIALIZED (
      SELECT tenant_id, wa_id, bsuid, upsert_wa_customer(tenant_id, wa_id, bsuid, parent_bsuid, username, name) AS id FROM identity
    )
    SELECT input.position, customer.id AS customer_id
    FROM input JOIN customer ON customer.tenant_id = input.tenant_id
      AND customer.wa_id IS NOT DISTINCT FROM input.wa_id AND customer.bsuid IS NOT DISTINCT FROM input.bsuid`;
}

/** A plain node-postgres pool or client: the webhook's hot path skips the ORM's per-query overhead. */
export interface SqlRunner {
  query<Row>(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * The message statement: a call of `store_inbound_batch` (migration
 * 20261202200000_store_inbound_batch_function), which holds the one statement — customers,
 * conversations, messages, the debounced jobs and their wake-up — so that each session plans
 * it once instead of once per batch. `customerOf` gives each message's customer id when the
 * customers were upserted already; null upserts them in the statement (without merging: see
 * isMergeNeeded).
 */
function inboundBatchQuery(
  messages: InboundMessageToStore[],
  customerOf: (number | null)[] | null,
  schedule: ProcessingSchedule,
): { text: string; values: unknown[] } {
  const column = <T>(pick: (message: InboundMessageToStore) => T) => messages.map(pick);
  const values = [
    column((message) => message.tenantId),
    customerOf ?? column(() => null),
    column((message) => message.waId),
    column((message) => message.bsuid),
    column((message) => message.parentBsuid),
    column((message) => message.username),
    column((message) => message.profileName),
    column((message) => message.waMessageId),
    column((message) => message.content.type),
    column((message) => message.content.text),
    column((message) => message.content.status),
    column((message) => JSON.stringify({ replyId: message.content.replyId, message: message.raw })),
    column((message) => (message.referral === null || message.referral === undefined ? null : JSON.stringify(message.referral))),
    column((message) => message.sentAt.toISOString()),
    TASKS.processConversation,
    schedule.debounceMs / 1000,
    schedule.maxWaitMs / 1000,
    schedule.maxAttempts,
    JOBS_DUE_CHANNEL,
  ];
  return { text: INBOUND_BATCH_SQL, values };
}

const INBOUND_BATCH_SQL = `
  SELECT id, conversation_id, wa_message_id FROM store_inbound_batch(
    $1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[],
    $11::text[], $12::text[], $13::text[], $14::text[], $15::text, $16::double precision, $17::double precision, $18::smallint,
    $19::text)`;
