import type { OutboundReply } from '../shared/index.js';
import type { GraphRecipient } from './graph-recipient.js';

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * The Graph API `/messages` body for one stored outbound row: plain text, interactive reply
 * buttons (≤ 3, titles ≤ 20) or an interactive list (rows ≤ 10, titles ≤ 24, descriptions
 * ≤ 72). Over-long titles are shortened rather than rejected by Meta. Addressed to a phone
 * (`to`) or, for a username-only customer, to a business-scoped user id (`recipient`).
 */
export function toGraphMessage(
  to: string | GraphRecipient,
  row: { type: string; text: string | null; payload: unknown },
): Record<string, unknown> {
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', ...(typeof to === 'string' ? { to } : to) };
  const reply = row.type === 'interactive' ? (row.payload as OutboundReply | null) : null;
  const text = row.text ?? '';
  if (reply?.type === 'buttons') {
    return {
      ...base,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text },
        action: {
          buttons: reply.buttons.slice(0, 3).map((button) => ({ type: 'reply', reply: { id: button.id, title: cut(button.title, 20) } })),
        },
      },
    };
  }
  if (reply?.type === 'list') {
    return {
      ...base,
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text },
        action: {
          button: cut(reply.buttonLabel, 20),
          sections: reply.sections.map((section) => ({
            ...(section.title ? { title: cut(section.title, 24) } : {}),
            rows: section.rows.map((row) => ({
              id: row.id,
              title: cut(row.title, 24),
              ...(row.description ? { description: cut(row.description, 72) } : {}),
            })),
          })),
        },
      },
    };
  }
  return { ...base, type: 'text', text: { preview_url: false, body: text } };
}
