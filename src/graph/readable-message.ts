/**
 * Stored `messages.type`s whose content the responders can read when they carry text (the
 * intake's full list of kinds, and what each means, is in whatsapp/inbound-message-content.ts).
 */
const READABLE_TYPES = new Set([
  'text',
  'interactive',
  'button',
  'flow_reply',
  'order',
  'edit',
  'image',
  'video',
  'document',
  'audio',
  'request_welcome',
]);

/** True for a stored message a responder can read (text, a chosen option, a caption, a transcript, a Flow reply, an order). */
export function isReadableMessage(message: { type: string; text: string | null }): boolean {
  return READABLE_TYPES.has(message.type) && Boolean(message.text?.trim());
}
