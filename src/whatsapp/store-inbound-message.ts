import type { Db } from '../db/index.js';
import { TASKS } from '../queue/index.js';
import type { InboundMessageContent } from './inbound-message-content.js';

export interface InboundMessageToStore {
  tenantId: number;
  /** the customer's WhatsApp id (`from`) */
  waId: string;
  profileName: string | null;
  waMessageId: string;
  /** Meta's timestamp of the message */
  sentAt: Date;
  content: InboundMessageContent;
  /** the message object as Meta sent it */
  raw: unknown;
}

export interface ProcessingSchedule {
  debounceMs: number;
  /**
   * Longest a message waits for its run while the customer keeps writing: each new message
   * pushes the run to now + debounceMs, but never past the oldest unprocessed inbound
   * message's arrival + maxWaitMs (else a customer writing every second is never answered).
   */
  maxWaitMs: number;
  maxAttempts: number;
}

/**
 * Stores one inbound message and enqueues its conversation's processing, atomically, in ONE
 * statement (one round trip, one implicit transaction): upsert the customer (profile name) and
 * the conversation (last_inbound_at), insert the message, and add the `process-conversation`
 * job — debounced: same job key in 'replace' mode with run_at = now + debounce, so a burst
 * becomes one run, capped at the oldest unprocessed message's arrival + maxWait (see
 * `ProcessingSchedule`); on the conversation's named queue, so runs never overlap.
 *
 * A redelivered message id inserts nothing and enqueues nothing (also when two deliveries
 * race: the unique index makes the second wait and skip). Returns null for a redelivery.
 */
export async function storeInboundMessage(
  db: Db,
  message: InboundMessageToStore,
  schedule: ProcessingSchedule,
): Promise<{ messageId: number; conversationId: number } | null> {
  const payload = JSON.stringify({ replyId: message.content.replyId, message: message.raw });
  const rows = await db.$queryRaw<{ message_id: number; conversation_id: number }[]>`
    WITH customer AS (
      INSERT INTO customers (tenant_id, wa_id, name)
      VALUES (${message.tenantId}, ${message.waId}, ${message.profileName})
      ON CONFLICT (tenant_id, wa_id) DO UPDATE SET name = coalesce(EXCLUDED.name, customers.name)
      RETURNING id
    ), conversation AS (
      INSERT INTO conversations (tenant_id, customer_id, last_inbound_at, updated_at)
      SELECT ${message.tenantId}, customer.id, least(${message.sentAt}::timestamptz, now()), now() FROM customer
      ON CONFLICT (tenant_id, customer_id) DO UPDATE
        SET last_inbound_at = greatest(conversations.last_inbound_at, EXCLUDED.last_inbound_at), updated_at = now()
      RETURNING id
    ), message AS (
      INSERT INTO messages (tenant_id, conversation_id, direction, author, type, text, payload, wa_message_id, status, sent_at, updated_at)
      SELECT ${message.tenantId}, conversation.id, 'inbound', 'customer', ${message.content.type}, ${message.content.text},
             ${payload}::jsonb, ${message.waMessageId}, 'received', ${message.sentAt}::timestamptz, now()
      FROM conversation
      ON CONFLICT (wa_message_id) DO NOTHING
      RETURNING id, conversation_id
    ), job AS (
      SELECT graphile_worker.add_job(
        identifier => ${TASKS.processConversation}::text,
        payload => json_build_object('conversationId', message.conversation_id),
        queue_name => 'conversation:' || message.conversation_id,
        run_at => least(
          now() + make_interval(secs => ${schedule.debounceMs / 1000}::double precision),
          -- this statement's own message is not visible here: it counts as arriving now
          coalesce(
            (SELECT min(pending.created_at) FROM messages pending
             WHERE pending.conversation_id = message.conversation_id AND pending.direction = 'inbound' AND pending.status = 'received'),
            now()
          ) + make_interval(secs => ${schedule.maxWaitMs / 1000}::double precision)
        ),
        max_attempts => ${schedule.maxAttempts}::int,
        job_key => 'process-conversation:' || message.conversation_id,
        job_key_mode => 'replace'
      ) AS added
      FROM message
    )
    SELECT message.id AS message_id, message.conversation_id, (SELECT count(*) FROM job) AS jobs FROM message`;
  const row = rows[0];
  return row ? { messageId: row.message_id, conversationId: row.conversation_id } : null;
}
