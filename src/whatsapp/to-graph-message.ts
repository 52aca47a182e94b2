import type { OutboundReply } from '../shared/index.js';
import { TEMPLATE_MESSAGE_TYPE, type TemplateMessagePayload, toGraphTemplateMessage } from './queue-template-message.js';

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);

/**
 * The Graph API `/messages` body for one stored outbound row: plain text, interactive reply
 * buttons (≤ 3, titles ≤ 20) or an interactive list (rows ≤ 10, titles ≤ 24, descriptions
 * ≤ 72). Over-long titles are shortened rather than rejected by Meta.
 */
export function toGraphMessage(to: string, row: { type: string; text: string | null; payload: unknown }): Record<string, unknown> {
  if (row.type === TEMPLATE_MESSAGE_TYPE) return toGraphTemplateMessage(to, row.payload as TemplateMessagePayload);
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', to };
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
