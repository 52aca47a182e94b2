import { type OutboundReply, truncate } from '../shared/index.js';
import type { GraphRecipient } from './graph-recipient.js';
import { TEMPLATE_MESSAGE_TYPE, type TemplateMessagePayload, toGraphTemplateMessage } from './template-message.js';

/**
 * The Graph API `/messages` body for one stored outbound row: plain text, interactive reply
 * buttons (≤ 3, titles ≤ 20), an interactive list (rows ≤ 10, titles ≤ 24, descriptions
 * ≤ 72), or an uploaded image or document by its media id (caption ≤ 1024). Over-long titles are shortened rather than rejected by Meta. Addressed to a phone
 * (`to`) or, for a username-only customer, to a business-scoped user id (`recipient`).
 */
export function toGraphMessage(
  to: string | GraphRecipient,
  row: { type: string; text: string | null; payload: unknown },
): Record<string, unknown> {
  const recipient: GraphRecipient = typeof to === 'string' ? { to } : to;
  if (row.type === TEMPLATE_MESSAGE_TYPE) return toGraphTemplateMessage(recipient, row.payload as TemplateMessagePayload);
  const base = { messaging_product: 'whatsapp', recipient_type: 'individual', ...recipient };
  const media =
    row.type === 'image' || row.type === 'document'
      ? (row.payload as { mediaId?: string; filename?: string; caption?: string } | null)
      : null;
  if (media?.mediaId) {
    const caption = media.caption ? { caption: truncate(media.caption, 1024) } : {};
    return row.type === 'image'
      ? { ...base, type: 'image', image: { id: media.mediaId, ...caption } }
      : { ...base, type: 'document', document: { id: media.mediaId, ...(media.filename ? { filename: media.filename } : {}), ...caption } };
  }
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
          buttons: reply.buttons
            .slice(0, 3)
            .map((button) => ({ type: 'reply', reply: { id: button.id, title: truncate(button.title, 20) } })),
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
          button: truncate(reply.buttonLabel, 20),
          sections: reply.sections.map((section) => ({
            ...(section.title ? { title: truncate(section.title, 24) } : {}),
            rows: section.rows.map((row) => ({
              id: row.id,
              title: truncate(row.title, 24),
              ...(row.description ? { description: truncate(row.description, 72) } : {}),
            })),
          })),
        },
      },
    };
  }
  return { ...base, type: 'text', text: { preview_url: false, body: text } };
}
