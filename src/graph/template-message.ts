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
