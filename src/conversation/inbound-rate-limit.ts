import type { Db } from '../db/index.js';
import type { LoadedTurn } from './load-turn.js';

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
 * backlog Meta redelivers after an outage is not taken for a flood. One small indexed read per turn.
 */
export async function isInboundFlood(db: Db, turn: LoadedTurn, limit: InboundRateLimit): Promise<boolean> {
  if (turn.messages.length === 0) return false;
  // Only the newest maxMessages + 1 inbound rows are read (the (conversation_id, id) index), however long the conversation.
  const rows = await db.$queryRaw<{ count: bigint }[]>`
    WITH recent AS (
      SELECT coalesce(sent_at, created_at) AS at FROM messages
      WHERE conversation_id = ${turn.conversationId} AND tenant_id = ${turn.tenantId} AND direction = 'inbound'
      ORDER BY id DESC LIMIT ${limit.maxMessages + 1}
    )
    SELECT count(*) AS count FROM recent WHERE at > (SELECT max(at) FROM recent) - ${limit.windowMs} * interval '1 millisecond'`;
  return Number(rows[0]?.count ?? 0) > limit.maxMessages;
}
