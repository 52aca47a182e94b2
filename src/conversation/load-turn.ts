import type { Db } from '../db/index.js';
import { DEFAULT_INBOUND_RATE_LIMIT, type InboundRateLimit } from './inbound-rate-limit.js';
import type { TurnScope } from './plan-turn-ending.js';
import type { InboundTurnMessage } from './responder.js';

export interface LoadedTurn {
  tenantId: number;
  conversationId: number;
  customerId: number;
  handoffNoticeSentAt: Date | null;
  /** the customer was told only text is read here, and no turn ended otherwise since */
  textOnlyNoticeAt: Date | null;
  /** a person closed the chat (resolved it without returning it to the bot) */
  closedAt: Date | null;
  /** the offline assistant's `conversations.assistant_state` (a menu flow under way), as the responder chooser reads it */
  assistantState: unknown;
  /**
   * How many of the customer's newest `maxMessages + 1` inbound messages were sent within the
   * rate limit's window before the newest one (see isInboundFlood).
   */
  inboundInRateWindow: number;
  tenant: { phoneNumberId: string; accessToken: string | null };
  /** the conversation's inbound messages not yet processed, oldest first (with the WhatsApp id of the message each replies to) */
  messages: (InboundTurnMessage & { waMessageId: string | null; repliedToWaMessageId?: string | null })[];
}

interface TurnRow {
  tenant_id: number;
  customer_id: number;
  // Aliased in the statement: these columns are written by their owners only, and this file only reads them.
  notice_sent: Date | null;
  text_only_notice: Date | null;
  closed: Date | null;
  assistant_state: unknown;
  in_rate_window: bigint;
  phone_number_id: string;
  access_token: string | null;
  message_id: number | null;
  type: string | null;
  text: string | null;
  payload: unknown;
  wa_message_id: string | null;
  created_at: Date | null;
}

/**
 * The conversation, its tenant's number, its unprocessed inbound messages (status `received`)
 * and the count the inbound rate limit judges, in ONE statement (every turn starts with it: as
 * three ORM reads and the flood check it was four round trips); null if the conversation is gone.
 * The rate count reads only the newest `maxMessages + 1` inbound rows (the (conversation_id, id)
 * index), however long the conversation, by WhatsApp's own timestamps (`sent_at`).
 */
export async function loadTurn(
  db: Db,
  conversationId: number,
  rateLimit: InboundRateLimit = DEFAULT_INBOUND_RATE_LIMIT,
): Promise<LoadedTurn | null> {
  const rows = await db.$queryRaw<TurnRow[]>`
    WITH conversation AS MATERIALIZED (
      SELECT c.id, c.tenant_id, c.customer_id, c.handoff_notice_sent_at AS notice_sent, c.text_only_notice_at AS text_only_notice,
             c.closed_at AS closed, c.assistant_state,
             t.phone_number_id, t.access_token,
             (WITH recent AS (
                SELECT coalesce(sent_at, created_at) AS at FROM messages
                WHERE conversation_id = c.id AND tenant_id = c.tenant_id AND direction = 'inbound'
                ORDER BY id DESC LIMIT ${rateLimit.maxMessages + 1}
              )
              SELECT count(*) FROM recent
              WHERE at > (SELECT max(at) FROM recent) - ${rateLimit.windowMs} * interval '1 millisecond') AS in_rate_window
      FROM conversations c JOIN tenants t ON t.id = c.tenant_id
      WHERE c.id = ${conversationId}
    )
    SELECT conversation.*, m.id AS message_id, m.type, m.text, m.payload, m.wa_message_id, m.created_at
    FROM conversation
    LEFT JOIN messages m ON m.conversation_id = conversation.id AND m.tenant_id = conversation.tenant_id
      AND m.direction = 'inbound' AND m.status = 'received'
    ORDER BY m.id`;
  const [first] = rows;
  if (!first) return null;
  return {
    tenantId: first.tenant_id,
    conversationId,
    customerId: first.customer_id,
    handoffNoticeSentAt: first.notice_sent,
    textOnlyNoticeAt: first.text_only_notice,
    closedAt: first.closed,
    assistantState: first.assistant_state,
    inboundInRateWindow: Number(first.in_rate_window),
    tenant: { phoneNumberId: first.phone_number_id, accessToken: first.access_token },
    messages: rows.flatMap((row) =>
      row.message_id === null
        ? []
        : [
            {
              id: row.message_id,
              type: row.type ?? 'unknown',
              text: row.text,
              replyId: replyIdOf(row.payload),
              createdAt: row.created_at ?? new Date(0),
              waMessageId: row.wa_message_id,
              repliedToWaMessageId: repliedToIdOf(row.payload),
            },
          ],
    ),
  };
}

/** `context.id` of the raw message the intake stored (`{replyId, message}`): the message this one replies to. */
function repliedToIdOf(payload: unknown): string | null {
  const context = (payload as { message?: { context?: { id?: unknown } } } | null)?.message?.context;
  return typeof context?.id === 'string' ? context.id : null;
}

function replyIdOf(payload: unknown): string | null {
  if (typeof payload !== 'object' || payload === null || !('replyId' in payload)) return null;
  return typeof payload.replyId === 'string' ? payload.replyId : null;
}

/** What a turn's commit needs of it. */
export const scopeOf = (turn: LoadedTurn): TurnScope => ({
  tenantId: turn.tenantId,
  conversationId: turn.conversationId,
  messageIds: turn.messages.map((message) => message.id),
});
