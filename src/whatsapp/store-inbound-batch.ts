import { type Db, Prisma } from '../db/index.js';
import { TASKS } from '../queue/index.js';
import type { InboundMessageToStore, ProcessingSchedule } from './store-inbound-message.js';

/**
 * Stores a batch of inbound messages and enqueues their conversations' processing in ONE
 * statement (one transaction, one commit, one queue NOTIFY) — the same effect as
 * `storeInboundMessage` for each, which the webhook needs under load: PostgreSQL serialises
 * the commits of every transaction that NOTIFYs (as graphile-worker's add_jobs does), so one
 * enqueue per message would cap intake at one disk flush per message.
 *
 * Rows are upserted in a stable order (tenant, customer; conversation id) so two concurrent
 * batches take their row locks in the same order. Returns the WhatsApp ids actually inserted
 * (a redelivered id, or a second copy inside the batch, is not).
 */
export async function storeInboundBatch(
  db: Db | SqlRunner,
  messages: InboundMessageToStore[],
  schedule: ProcessingSchedule,
): Promise<Set<string>> {
  if (messages.length === 0) return new Set();
  const query = inboundBatchQuery(messages, schedule);
  const rows =
    'query' in db
      ? (await db.query<{ wa_message_id: string }>(query.text, query.values)).rows
      : await db.$queryRaw<{ wa_message_id: string }[]>(query);
  return new Set(rows.map((row) => row.wa_message_id));
}

/** A plain node-postgres pool or client: the webhook's hot path skips the ORM's per-query overhead. */
export interface SqlRunner {
  query<Row>(text: string, values: unknown[]): Promise<{ rows: Row[] }>;
}

function inboundBatchQuery(messages: InboundMessageToStore[], schedule: ProcessingSchedule) {
  return Prisma.sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${messages.map((message) => message.tenantId)}::int[],
        ${messages.map((message) => message.waId)}::text[],
        ${messages.map((message) => message.profileName)}::text[],
        ${messages.map((message) => message.waMessageId)}::text[],
        ${messages.map((message) => message.content.type)}::text[],
        ${messages.map((message) => message.content.text)}::text[],
        ${messages.map((message) => JSON.stringify({ replyId: message.content.replyId, message: message.raw }))}::text[],
        ${messages.map((message) => message.sentAt.toISOString())}::text[]
      ) WITH ORDINALITY AS input(tenant_id, wa_id, name, wa_message_id, type, text, payload, sent_at, position)
    ), customer AS (
      INSERT INTO customers (tenant_id, wa_id, name)
      SELECT DISTINCT ON (tenant_id, wa_id) tenant_id, wa_id, name FROM input ORDER BY tenant_id, wa_id, position DESC
      ON CONFLICT (tenant_id, wa_id) DO UPDATE SET name = coalesce(EXCLUDED.name, customers.name)
      RETURNING id, tenant_id, wa_id
    ), conversation AS (
      INSERT INTO conversations (tenant_id, customer_id, last_inbound_at, updated_at)
      SELECT customer.tenant_id, customer.id,
             (SELECT least(max(input.sent_at::timestamptz), now()) FROM input WHERE input.tenant_id = customer.tenant_id AND input.wa_id = customer.wa_id),
             now()
      FROM customer ORDER BY customer.id
      ON CONFLICT (tenant_id, customer_id) DO UPDATE
        SET last_inbound_at = greatest(conversations.last_inbound_at, EXCLUDED.last_inbound_at), updated_at = now()
      RETURNING id, customer_id
    ), message AS (
      INSERT INTO messages (tenant_id, conversation_id, direction, author, type, text, payload, wa_message_id, status, sent_at, updated_at)
      SELECT input.tenant_id, conversation.id, 'inbound', 'customer', input.type, input.text, input.payload::jsonb,
             input.wa_message_id, 'received', input.sent_at::timestamptz, now()
      FROM input
      JOIN customer ON customer.tenant_id = input.tenant_id AND customer.wa_id = input.wa_id
      JOIN conversation ON conversation.customer_id = customer.id
      ORDER BY input.position
      ON CONFLICT (wa_message_id) DO NOTHING
      RETURNING conversation_id, wa_message_id
    ), specs AS (
      -- Same job as storeInboundMessage: debounced by key ('replace' resets run_at), capped at the
      -- oldest unprocessed message + max wait (this batch's rows are not visible here: they arrive now),
      -- on the conversation's queue.
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
      FROM (SELECT DISTINCT conversation_id FROM message) touched
    ), job AS (
      SELECT (graphile_worker.add_jobs(specs.list, false)).id FROM specs WHERE specs.list IS NOT NULL
    )
    SELECT wa_message_id, (SELECT count(*) FROM job) AS jobs FROM message`;
}
