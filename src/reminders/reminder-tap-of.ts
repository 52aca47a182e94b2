import { parseReminderButtonPayload, type ReminderAction } from './reminder-payload.js';

/**
 * A stored message that is a tap on a reminder's quick-reply button, with what its payload
 * names, or null (any other message, or a button that is not a reminder's). Pure.
 */
export function reminderTapOf(message: { type: string; replyId?: string | null }): { action: ReminderAction; token: string } | null {
  if (message.type !== 'button' || !message.replyId) return null;
  return parseReminderButtonPayload(message.replyId) ?? null;
}
