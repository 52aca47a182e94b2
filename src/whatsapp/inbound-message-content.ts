import type { WebhookMessage } from './webhook-payload.js';

/** Message types stored as themselves; anything else Meta sends is stored as `unknown`. */
const KNOWN_TYPES = new Set([
  'text',
  'interactive',
  'button',
  'image',
  'audio',
  'video',
  'document',
  'sticker',
  'location',
  'contacts',
  'reaction',
]);

/** Types whose content the responders can read; the others get the "text only" notice. */
const READABLE_TYPES = new Set(['text', 'interactive', 'button']);

export interface InboundMessageContent {
  type: string;
  /** the text, the title of a chosen button or list row, or a media caption; null otherwise */
  text: string | null;
  /** the id of the chosen button or list row (the payload of a template quick-reply button) */
  replyId: string | null;
}

/** What to store of one webhook message: its type, readable text and the chosen reply id. */
export function toInboundMessageContent(message: WebhookMessage): InboundMessageContent {
  const type = KNOWN_TYPES.has(message.type) ? message.type : 'unknown';
  switch (type) {
    case 'text':
      return { type, text: message.text?.body ?? null, replyId: null };
    case 'interactive': {
      const chosen = message.interactive?.button_reply ?? message.interactive?.list_reply;
      return { type, text: chosen?.title ?? null, replyId: chosen?.id ?? null };
    }
    case 'button':
      return { type, text: message.button?.text ?? null, replyId: message.button?.payload ?? null };
    case 'image':
    case 'video':
    case 'document':
      return { type, text: message[type]?.caption ?? null, replyId: null };
    default:
      return { type, text: null, replyId: null };
  }
}

/** True for a stored message a responder can read (text, or a chosen button/list row with its title). */
export function isReadableMessage(message: { type: string; text: string | null }): boolean {
  return READABLE_TYPES.has(message.type) && Boolean(message.text?.trim());
}
