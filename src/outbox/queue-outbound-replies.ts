import type { Tx } from '../db/index.js';
import { conversationQueueName, enqueueJob, SEND_PRIORITY, TASKS } from '../queue/index.js';
import type { OutboundReply } from '../shared/index.js';
import { readCustomerWindow } from './customer-window.js';
import { splitLongText, WHATSAPP_TEXT_LIMIT } from './split-long-text.js';

/** WhatsApp's limit for the body of an interactive (buttons / list) message. */
const INTERACTIVE_BODY_LIMIT = 1024;
/**
 * graphile-worker waits e^n s after the n-th failed attempt, so 8 attempts keep a reply
 * retrying for about 29 minutes (5 gave up after ~85 s): a Graph API outage of a few minutes
 * must not lose a booking confirmation for good.
 */
const DEFAULT_SEND_MAX_ATTEMPTS = 8;

export interface QueueOutboundRepliesRequest {
  tenantId: number;
  conversationId: number;
  replies: OutboundReply[];
  author: 'bot' | 'attendant' | 'system';
  attendant?: string | null;
  /** Each stored row gets `<prefix>:<n>` as idempotency key: queueing the same replies twice stores them once. */
  idempotencyKeyPrefix: string;
  runId?: number | null;
  /** Attempts of each `send-message` job (each attempt already retries 429/5xx itself). */
  sendMaxAttempts?: number;
  /**
   * The caller read the customer window open in this same transaction (readCustomerWindow, as a
   * turn's commit does before it plans): it is not read again.
   */
  windowReadOpen?: boolean;
}

/**
 * What queueing replies did: `queued` (every row, new or already there), or nothing at all
 * because the 24-hour window is closed (the caller decides what that means: a handoff, a
 * template, a refusal), or because the conversation is not this tenant's.
 */
export type QueueRepliesResult =
  | { kind: 'queued'; messages: StoredOutboundMessage[] }
  | { kind: 'outside_window' }
  | { kind: 'conversation_not_found' };

export interface StoredOutboundMessage {
  id: number;
  /** false when a row with the same idempotency key already existed (nothing new was queued) */
  created: boolean;
}

/**
 * Stores replies as outbound messages (status `pending`, the outbox) and enqueues one
 * `send-message` job per row in the caller's transaction, on the conversation's queue so they
 * go out in order after the current run. Text longer than WhatsApp's limit becomes several
 * rows, cut at line or sentence boundaries.
 *
 * Stores nothing and says why, as a value: `outside_window` when the customer's last message
 * is older than 24 hours, `conversation_not_found` when the conversation is not this tenant's.
 */
export async function queueOutboundReplies(tx: Tx, request: QueueOutboundRepliesRequest): Promise<QueueRepliesResult> {
  return storeOutboundRows(tx, request, request.replies.flatMap(toRows));
}

/** An image or document already uploaded to the Graph API (`mediaId`), sent by a person from the console. */
export interface OutboundMedia {
  kind: 'image' | 'document';
  mediaId: string;
  filename?: string | undefined;
  caption?: string | undefined;
}

/**
 * Stores one image or document as an outbound message and enqueues its send, exactly as
 * `queueOutboundReplies` does for text (same window rule, same idempotency). The row's text
 * is the caption (or the document's name), what the conversation shows.
 */
export async function queueOutboundMedia(
  tx: Tx,
  request: Omit<QueueOutboundRepliesRequest, 'replies'> & { media: OutboundMedia },
): Promise<QueueRepliesResult> {
  const { media } = request;
  return storeOutboundRows(tx, request, [{ type: media.kind, text: media.caption ?? media.filename ?? null, payload: media }]);
}

async function storeOutboundRows(
  tx: Tx,
  request: Omit<QueueOutboundRepliesRequest, 'replies'>,
  rows: OutboundRow[],
): Promise<QueueRepliesResult> {
  const window = request.windowReadOpen ? 'open' : await readCustomerWindow(tx, request.tenantId, request.conversationId);
  if (window === 'closed') return { kind: 'outside_window' };
  if (window === 'not_found') return { kind: 'conversation_not_found' };
  const stored: StoredOutboundMessage[] = [];
  let index = 0;
  for (const row of rows) {
    const key = `${request.idempotencyKeyPrefix}:${index++}`;
    const inserted = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO messages (tenant_id, conversation_id, direction, author, type, text, payload, status, idempotency_key, run_id, attendant, updated_at)
      VALUES (${request.tenantId}, ${request.conversationId}, 'outbound', ${request.author}, ${row.type}, ${row.text},
              ${row.payload === null ? null : JSON.stringify(row.payload)}::jsonb, 'pending', ${key}, ${request.runId ?? null},
              ${request.attendant ?? null}, now())
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id`;
    const id = inserted[0]?.id;
    if (id !== undefined) {
      await enqueueJob(tx, {
        task: TASKS.sendMessage,
        payload: { messageId: id },
        queueName: conversationQueueName(request.conversationId),
        jobKey: `send-message:${id}`,
        priority: SEND_PRIORITY,
        maxAttempts: request.sendMaxAttempts ?? DEFAULT_SEND_MAX_ATTEMPTS,
      });
      stored.push({ id, created: true });
      continue;
    }
    const existing = await tx.message.findUniqueOrThrow({ where: { idempotencyKey: key }, select: { id: true } });
    stored.push({ id: existing.id, created: false });
  }
  return { kind: 'queued', messages: stored };
}

interface OutboundRow {
  type: 'text' | 'interactive' | 'image' | 'document';
  text: string | null;
  /** the interactive reply (buttons or list) or the media the send job turns into a Graph API message */
  payload: OutboundReply | OutboundMedia | null;
}

function toRows(reply: OutboundReply): OutboundRow[] {
  if (reply.type === 'text') return splitLongText(reply.text, WHATSAPP_TEXT_LIMIT).map((text) => ({ type: 'text', text, payload: null }));
  // An interactive body is limited to 1024 characters: earlier parts go as plain text,
  // the last part carries the buttons or the list.
  const parts = splitLongText(reply.text, INTERACTIVE_BODY_LIMIT);
  const last = parts.pop() ?? '';
  return [
    ...parts.map((text): OutboundRow => ({ type: 'text', text, payload: null })),
    { type: 'interactive', text: last, payload: { ...reply, text: last } },
  ];
}
