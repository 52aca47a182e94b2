import { randomBytes } from 'node:crypto';

/**
 * The payload of a waitlist offer's one button (the interactive reply button inside the 24-hour
 * window, the `slotOffer` template's quick reply outside it): `w1.<token>`, where `w1` is the
 * format's version and the token the offer row's `payload_token` (16 random bytes, base64url).
 * The token names nothing by itself: only the stored row, of the customer who tapped in the
 * tenant that received the tap, maps it back. Pure but for minting.
 */
const PAYLOAD_PATTERN = /^w1\.([A-Za-z0-9_-]{22})$/;

/** A fresh offer token. */
export function mintOfferToken(): string {
  return randomBytes(16).toString('base64url');
}

export function waitlistOfferPayload(token: string): string {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) throw new Error('not a waitlist offer token');
  return `w1.${token}`;
}

/**
 * A stored message that is a tap on a waitlist offer's button (`button` from a template,
 * `interactive` from a reply button), with the offer's token; null for anything else.
 */
export function waitlistTapOf(message: { type: string; replyId?: string | null }): { token: string } | null {
  if ((message.type !== 'button' && message.type !== 'interactive') || !message.replyId) return null;
  const match = PAYLOAD_PATTERN.exec(message.replyId);
  return match ? { token: match[1]! } : null;
}
