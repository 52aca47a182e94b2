import { type Db, Prisma } from '../db/index.js';
import { notifyJobsDueSql, TASKS } from '../queue/index.js';
import type { InboundMessageToStore, ProcessingSchedule } from './inbound-message-to-store.js';

/**
 * Stores a batch of inbound messages and enqueues their conversations' processing in ONE
 * statement (one transaction, one commit, its queue NOTIFYs) — what the webhook needs under
 * load: PostgreSQL serialises the commits of every transaction that NOTIFYs (as
 * graphile-worker's add_jobs does), so one enqueue per message would cap intake at one disk
 * flush per message.
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
  const run = async <Row>(query: Prisma.Sql) =>
    'query' in db ? (await db.query<Row>(query.text, query.values)).rows : await db.$queryRaw<Row[]>(query);
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
 * The message statement. `customerOf` gives each message's customer id when the customers were
 * upserted already; null upserts them here (without merging: see isMergeNeeded).
 */
function inboundBatchQuery(messages: InboundMessageToStore[], customerOf: (number | null)[] | null, schedule: ProcessingSchedule) {
  const column = <T>(pick: (message: InboundMessageToStore) => T) => messages.map(pick);
  return Prisma.sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${column((message) => message.tenantId)}::int[],
        ${customerOf ?? column(() => null)}::int[],
        ${column((message) => message.waId)}::text[],
        ${column((message) => message.bsuid)}::text[],
        ${column((message) => message.parentBsuid)}::text[],
        ${column((message) => message.username)}::text[],
        ${column((message) => message.profileName)}::text[],
        ${column((message) => message.waMessageId)}::text[],
        ${column((message) => message.content.type)}::text[],
        ${column((message) => message.content.text)}::text[],
        ${column((message) => message.content.status)}::text[],
        ${column((message) => JSON.stringify({ replyId: message.content.replyId, message: message.raw }))}::text[],
        ${column((message) => (message.referral === null || message.referral === undefined ? null : JSON.stringify(message.referral)))}::text[],
        ${column((message) => message.sentAt.toISOString())}::text[]
      ) WITH ORDINALITY AS input(tenant_id, known_customer_id, wa_id, bsuid, parent_bsuid, username, name, wa_message_id, type, text,
                                  status, payload, referral, sent_at, position)
    ), identity AS MATERIALIZED (
      -- one row per distinct sender still to upsert, the newest profile fields winning, in lock order
      SELECT DISTINCT ON (tenant_id, wa_id, bsuid) tenant_id, wa_id, bsuid, parent_bsuid, username, name
      FROM input WHERE known_customer_id IS NULL ORDER BY tenant_id, wa_id, bsuid, position DESC
    ), customer AS MATERIALIZED (
      SELECT tenant_id, wa_id, bsuid, upsert_wa_customer(tenant_id, wa_id, bsuid, parent_bsuid, username, name, false) AS id FROM identity
    ), sender AS (
      SELECT input.*, coalesce(input.known_customer_id, customer.id) AS customer_id
      FROM input LEFT JOIN customer ON input.known_customer_id IS NULL AND customer.tenant_id = input.tenant_id
        AND customer.wa_id IS NOT DISTINCT FROM input.wa_id AND customer.bsuid IS NOT DISTINCT FROM input.bsuid
    ), conversation AS (
      INSERT INTO conversations (tenant_id, customer_id, last_inbound_at, referral, updated_at)
      SELECT tenant_id, customer_id, least(max(sent_at::timestamptz), now()), (array_agg(referral::jsonb ORDER BY position) FILTER (WHERE referral IS NOT NULL))[1], now()
      FROM sender GROUP BY tenant_id, customer_id ORDER BY customer_id
      ON CONFLICT (tenant_id, customer_id) DO UPDATE
        SET last_inbound_at = greatest(conversations.last_inbound_at, EXCLUDED.last_inbound_at),
            referral = coalesce(conversations.referral, EXCLUDED.referral), updated_at = now()
      RETURNING id, customer_id
    ), message AS (
      INSERT INTO messages (tenant_id, conversation_id, direction, author, type, text, payload, wa_message_id, status, sent_at,
                            processed_at, updated_at)
      SELECT sender.tenant_id, conversation.id, 'inbound', 'customer', sender.type, sender.text, sender.payload::jsonb,
             sender.wa_message_id, sender.status, sender.sent_at::timestamptz,
             CASE WHEN sender.status = 'received' THEN NULL ELSE now() END, now()
      FROM sender JOIN conversation ON conversation.customer_id = sender.customer_id
      ORDER BY sender.position
      ON CONFLICT (wa_message_id) DO NOTHING
      RETURNING id, conversation_id, wa_message_id, status
    ), specs AS (
      -- Same job for every conversation with a message to answer: debounced by key ('replace'
      -- resets run_at), capped at the oldest unprocessed message + max wait (this batch's rows are
      -- not visible here: they arrive now), on the conversation's queue.
      SELECT array_agg(
               ROW(${TASKS.processConversation}::text, json_build_object('conversationId', conversation_id),
                   'conversation:' || conversation_id,
                   least(
                     now() + make_interval(secs => ${schedule.debounceMs / 1000}::double precision),
                     coalesce(
                       (SELECT min(pending.created_at) FROM messages pending
                        WHERE pending.conversation_id = touched.conversation_id AND pending.direction = 'inbound' AND pending.status = 'received'),
                       now()
                     ) + make_interval(secs => ${schedule.maxWaitMs / 1000}::double precision)
                   ),
                   ${schedule.maxAttempts}::smallint, 'process-conversation:' || conversation_id, NULL::smallint, NULL::text[]
               )::graphile_worker.job_spec
               ORDER BY conversation_id) AS list
      FROM (SELECT DISTINCT conversation_id FROM message WHERE status = 'received') touched
    ), job AS (
      SELECT added.id, added.run_at FROM specs, graphile_worker.add_jobs(specs.list, false) added WHERE specs.list IS NOT NULL
    ), due AS (
      -- the workers wake at the debounce deadline instead of at their next poll (queue/job-wakeups.ts)
      ${Prisma.raw(notifyJobsDueSql('job'))}
    )
    SELECT id, conversation_id, wa_message_id, (SELECT count(*) FROM job) AS jobs, (SELECT count(*) FROM due) AS due FROM message`;
}
