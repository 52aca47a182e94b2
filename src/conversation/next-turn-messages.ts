import { reminderTapOf } from '../reminders/index.js';
import { waitlistTapOf } from '../waitlist-offers/index.js';

/** A tap acted on without the model (a reminder's button, a waitlist offer's): a turn of its own. */
const isTap = (message: { type: string; replyId?: string | null }) => reminderTapOf(message) !== null || waitlistTapOf(message) !== null;

/**
 * The messages the next turn answers, oldest first: a reminder's or a waitlist offer's tap is a turn of its own
 * (acted on without the model, or answered by the responder told which appointment it is
 * about); the other messages go together up to the next tap. Pure: the caller commits each
 * turn before taking the next, so the answers keep the order of the messages.
 */
export function nextTurnMessages<M extends { type: string; replyId?: string | null }>(messages: readonly M[]): M[] {
  const [first] = messages;
  if (!first) return [];
  if (isTap(first)) return [first];
  const tap = messages.findIndex(isTap);
  return tap === -1 ? [...messages] : messages.slice(0, tap);
}
