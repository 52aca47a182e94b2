import type { Tx } from '../db/index.js';
import { TEMPLATE_MESSAGE_TYPE, type TemplateMessagePayload } from '../graph/index.js';
import { conversationQueueName, enqueueJob, SEND_PRIORITY, TASKS } from '../queue/index.js';

const SEND_MAX_ATTEMPTS = 8;

/**
 * Stores one template message in the outbox (status `pending`) and enqueues its
 * `send-message` job in the caller's transaction, on the conversation's queue. Unlike free
 * text it needs no open 24-hour window: Meta delivers approved templates any time. `text` is
 * a readable rendering kept for people (console, chat); Meta gets the template and its
 * parameters. Idempotent per key: returns false when the key was already queued.
 */
export async function queueTemplateMessage(
  tx: Tx,
  request: {
    tenantId: number;
    conversationId: number;
    template: TemplateMessagePayload;
    text: string;
    author: 'bot' | 'attendant' | 'system';
    idempotencyKey: string;
  },
): Promise<{ id: number; created: boolean }> {
  const inserted = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO messages (tenant_id, conversation_id, direction, author, type, text, payload, status, idempotency_key, updated_at)
    VALUES (${request.tenantId}, ${request.conversationId}, 'outbound', ${request.author}, ${TEMPLATE_MESSAGE_TYPE}, ${request.text},
            ${JSON.stringify(request.template)}::jsonb, 'pending', ${request.idempotencyKey}, now())
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id`;
  const id = inserted[0]?.id;
  if (id === undefined) {
    const existing = await tx.message.findUniqueOrThrow({ where: { idempotencyKey: request.idempotencyKey }, select: { id: true } });
    return { id: existing.id, created: false };
  }
  await enqueueJob(tx, {
    task: TASKS.sendMessage,
    payload: { messageId: id },
    queueName: conversationQueueName(request.conversationId),
    jobKey: `send-message:${id}`,
    priority: SEND_PRIORITY,
    maxAttempts: SEND_MAX_ATTEMPTS,
  });
  return { id, created: true };
}
