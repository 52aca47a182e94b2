import type { WebhookMessage } from './webhook-payload.js';
import { isPhoneId } from './webhook-sender.js';

/**
 * The stored `messages.type` of every kind Meta sends, each with a deliberate meaning:
 * - read and answered: text, interactive (button/list reply), button (template quick reply),
 *   flow_reply (a WhatsApp Flow's `nfm_reply`), order (a catalogue order), edit (corrected
 *   text), and image/video/document with a caption, audio with a transcript;
 * - answered with the "text only" notice: media without text, sticker, location, contacts,
 *   unsupported, unknown;
 * - stored silently, never answered: reaction (also its removal, emoji ""), system (changed
 *   number, identity changed), revoke (the customer deleted a message);
 * - request_welcome (a user opening the chat for the first time, before writing anything): read
 *   as a greeting ("Oi"), so the customer is welcomed instead of told that only text is read.
 */
const STORED_AS_ITSELF = new Set([
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
  'system',
  'revoke',
  'edit',
  'order',
  'unsupported',
  'request_welcome',
]);

/** Kinds stored `processed` at once: they never start or join a turn. */
const SILENT_TYPES = new Set(['reaction', 'system', 'revoke']);

/** What a chat opened without a word reads as: the greeting a customer would have typed. */
export const WELCOME_REQUEST_TEXT = 'Oi';

/** What a stored message does to others, applied right after it is stored (see applyInboundEffect). */
export type InboundEffect =
  | { kind: 'revoke'; originalWaMessageId: string }
  | { kind: 'edit'; originalWaMessageId: string; text: string | null }
  | { kind: 'changed_number'; newWaId: string | null; newBsuid: string | null; previousBsuid: string | null };

export interface InboundMessageContent {
  type: string;
  /** the text, a chosen button or list row's title, a caption, a Flow's answers or an order; null otherwise */
  text: string | null;
  /** the id of the chosen button or list row (the payload of a template quick-reply button) */
  replyId: string | null;
  /** `processed` for kinds never answered */
  status: 'received' | 'processed';
  effect: InboundEffect | null;
}

/** What to store of one webhook message: its type, readable text, the chosen reply id and its effect. */
export function toInboundMessageContent(message: WebhookMessage): InboundMessageContent {
  const rawType = message.type === 'deleted' ? 'revoke' : message.type;
  const type = STORED_AS_ITSELF.has(rawType) ? rawType : 'unknown';
  const base = { type, text: null, replyId: null, status: SILENT_TYPES.has(type) ? 'processed' : 'received', effect: null } as const;
  switch (type) {
    case 'text':
      return { ...base, text: message.text?.body ?? null };
    case 'interactive': {
      const nfm = message.interactive?.nfm_reply;
      if (message.interactive?.type === 'nfm_reply' || nfm) return { ...base, type: 'flow_reply', text: describeFlowReply(nfm) };
      const chosen = message.interactive?.button_reply ?? message.interactive?.list_reply;
      return { ...base, text: chosen?.title ?? null, replyId: chosen?.id ?? null };
    }
    case 'button':
      return { ...base, text: message.button?.text ?? null, replyId: message.button?.payload ?? null };
    case 'image':
    case 'video':
    case 'document':
      return { ...base, text: nonEmpty(message[type]?.caption) };
    case 'reaction':
      // An empty emoji is the removal of a reaction.
      return { ...base, text: nonEmpty(message.reaction?.emoji) };
    case 'system':
      return { ...base, text: message.system?.body ?? null, effect: changedNumberEffect(message) };
    case 'revoke': {
      const original = message.revoke?.original_message_id;
      return { ...base, effect: original ? { kind: 'revoke', originalWaMessageId: original } : null };
    }
    case 'edit': {
      const edited = message.edit?.message;
      const text = nonEmpty(edited?.text?.body ?? edited?.image?.caption ?? edited?.video?.caption ?? edited?.document?.caption);
      const original = message.edit?.original_message_id;
      return { ...base, text, effect: original ? { kind: 'edit', originalWaMessageId: original, text } : null };
    }
    case 'order':
      return { ...base, text: describeOrder(message.order) };
    case 'request_welcome':
      return { ...base, text: WELCOME_REQUEST_TEXT };
    default:
      return base;
  }
}

const nonEmpty = (value: string | null | undefined) => (value?.trim() ? value : null);

function changedNumberEffect(message: WebhookMessage): InboundEffect | null {
  const system = message.system;
  if (!system) return null;
  const kind = system.type ?? '';
  // Only digits become a phone: anything else in `wa_id` would be stored as the customer's number.
  if (/changed_number/.test(kind) && system.wa_id && isPhoneId(system.wa_id)) {
    return { kind: 'changed_number', newWaId: system.wa_id.replace(/^\+/, ''), newBsuid: system.user_id ?? null, previousBsuid: null };
  }
  if (/changed_user_id/.test(kind) && system.user_id && system.previous_user_id) {
    return { kind: 'changed_number', newWaId: null, newBsuid: system.user_id, previousBsuid: system.previous_user_id };
  }
  return null;
}

/** A Flow's answers as readable lines ("campo: valor"), without its token. */
function describeFlowReply(nfm: NonNullable<WebhookMessage['interactive']>['nfm_reply']): string {
  let answers: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(nfm?.response_json ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) answers = parsed as Record<string, unknown>;
  } catch {
    // unreadable answers: the form's name alone
  }
  const lines = Object.entries(answers)
    .filter(([key]) => key !== 'flow_token')
    .map(([key, value]) => `${key}: ${typeof value === 'string' ? value : JSON.stringify(value)}`);
  const title = nfm?.body && nfm.body !== 'Sent' ? nfm.body : 'Formulário enviado';
  return [`${title}${nfm?.name ? ` (${nfm.name})` : ''}`, ...lines].join('\n').slice(0, 4000);
}

/** A catalogue order as readable lines: each item with quantity and price, and the customer's note. */
function describeOrder(order: WebhookMessage['order']): string {
  const items = (order?.product_items ?? []).map(
    (item) =>
      `- ${item.product_retailer_id ?? 'produto'} × ${item.quantity ?? 1}` +
      (item.item_price !== undefined ? ` (${item.item_price} ${item.currency ?? ''})`.replace(/ \)$/, ')') : ''),
  );
  return ['Pedido pelo catálogo:', ...items, ...(order?.text ? [`Observação: ${order.text}`] : [])].join('\n').slice(0, 4000);
}
