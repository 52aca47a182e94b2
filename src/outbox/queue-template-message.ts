import type { Tx } from '../db/index.js';
import { conversationQueueName, enqueueJob, SEND_PRIORITY, TASKS } from '../queue/index.js';
import type { GraphRecipient } from './graph-recipient.js';

/** Outbox rows of this type carry a WhatsApp template message (allowed outside the 24-hour window). */
export const TEMPLATE_MESSAGE_TYPE = 'template';

/** What a stored template row's payload holds. */
export interface TemplateMessagePayload {
  name: string;
  language: string;
  /** The body's parameters, in order ({{1}}, {{2}}, …). */
  bodyParameters: string[];
  /**
   * The payloads of the template's quick-reply buttons, by button index (0, 1, 2): what the
   * webhook's `button.payload` carries back when the customer taps one. Absent: the template
   * has no quick-reply buttons (or they need no payload).
   */
  quickReplyPayloads?: string[];
}

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

/**
 * The Graph API `/messages` body of a stored template row (Cloud API template message): the
 * body's text parameters in order, then one `button` component per quick-reply button, with
 * its `index` (a string, as Meta's reference writes it) and a `payload` parameter.
 */
export function toGraphTemplateMessage(to: string | GraphRecipient, payload: TemplateMessagePayload): Record<string, unknown> {
  const buttons = (payload.quickReplyPayloads ?? []).map((buttonPayload, index) => ({
    type: 'button',
    sub_type: 'quick_reply',
    index: String(index),
    parameters: [{ type: 'payload', payload: buttonPayload }],
  }));
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    ...(typeof to === 'string' ? { to } : to),
    type: 'template',
    template: {
      name: payload.name,
      language: { policy: 'deterministic', code: payload.language },
      components: [{ type: 'body', parameters: payload.bodyParameters.map((text) => ({ type: 'text', text })) }, ...buttons],
    },
  };
}
