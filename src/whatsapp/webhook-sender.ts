import type { WebhookContact, WebhookMessage } from './webhook-payload.js';

export interface WebhookSender {
  waId: string | null;
  bsuid: string | null;
  parentBsuid: string | null;
  username: string | null;
  profileName: string | null;
}

/** A phone as WhatsApp sends it: digits only (a business-scoped user id has a country prefix and a dot). */
export const isPhoneId = (value: string) => /^\+?\d{4,20}$/.test(value);

/**
 * Who sent a message: its phone (`from`, or the contact's `wa_id`) and/or business-scoped
 * user id (`from_user_id`, or the contact's `user_id`), with the contact's parent id,
 * username and profile name. The contact is the one naming either id (or the only one).
 * Null when neither id is known.
 */
export function senderOf(message: WebhookMessage, contacts: WebhookContact[]): WebhookSender | null {
  let waId: string | null = null;
  let bsuid = message.from_user_id ?? null;
  if (message.from !== undefined) {
    if (isPhoneId(message.from)) waId = message.from.replace(/^\+/, '');
    else bsuid ??= message.from;
  }
  // `user_changed_user_id` comes from the user's previous id
  if (!waId && !bsuid && message.system?.previous_user_id) bsuid = message.system.previous_user_id;
  const contact =
    contacts.find((candidate) => (waId !== null && candidate.wa_id === waId) || (bsuid !== null && candidate.user_id === bsuid)) ??
    (contacts.length === 1 ? contacts[0] : undefined);
  waId ??= contact?.wa_id && isPhoneId(contact.wa_id) ? contact.wa_id.replace(/^\+/, '') : null;
  bsuid ??= contact?.user_id ?? null;
  if (!waId && !bsuid) return null;
  return {
    waId,
    bsuid,
    parentBsuid: message.from_parent_user_id ?? contact?.parent_user_id ?? null,
    username: contact?.profile?.username ?? contact?.username ?? null,
    profileName: contact?.profile?.name ?? null,
  };
}
