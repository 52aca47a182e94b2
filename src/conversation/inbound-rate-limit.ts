export interface InboundRateLimit {
  /** INBOUND_RATE_LIMIT_MESSAGES: more than this many inbound messages in the window is a flood */
  maxMessages: number;
  /** INBOUND_RATE_LIMIT_WINDOW_MS */
  windowMs: number;
}

export const DEFAULT_INBOUND_RATE_LIMIT: InboundRateLimit = { maxMessages: 30, windowMs: 60_000 };

/**
 * True when the customer of this turn sent more than `maxMessages` messages within the
 * `windowMs` before their newest one, counted by WhatsApp's own timestamps (`sent_at`), so a
 * backlog Meta redelivers after an outage is not taken for a flood. The count is read with the
 * turn itself (loadTurn, given the same limit): deciding costs no statement of its own.
 */
export function isInboundFlood(turn: { messages: readonly unknown[]; inboundInRateWindow: number }, limit: InboundRateLimit): boolean {
  return turn.messages.length > 0 && turn.inboundInRateWindow > limit.maxMessages;
}
