import type { Db } from '../db/index.js';
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
  tenant: { phoneNumberId: string; accessToken: string | null };
  /** the conversation's inbound messages not yet processed, oldest first (with the WhatsApp id of the message each replies to) */
  messages: (InboundTurnMessage & { waMessageId: string | null; repliedToWaMessageId?: string | null })[];
}

/** The conversation and its unprocessed inbound messages (status `received`); null if the conversation is gone. */
export async function loadTurn(db: Db, conversationId: number): Promise<LoadedTurn | null> {
  const conversation = await db.conversation.findUnique({
    where: { id: conversationId },
    select: {
      id: true,
      tenantId: true,
      customerId: true,
      handoffNoticeSentAt: true,
      textOnlyNoticeAt: true,
      closedAt: true,
      tenant: { select: { phoneNumberId: true, accessToken: true } },
    },
  });
  if (!conversation) return null;
  const rows = await db.message.findMany({
    where: { conversationId, tenantId: conversation.tenantId, direction: 'inbound', status: 'received' },
    orderBy: { id: 'asc' },
    select: { id: true, type: true, text: true, payload: true, waMessageId: true, createdAt: true },
  });
  return {
    tenantId: conversation.tenantId,
    conversationId,
    customerId: conversation.customerId,
    handoffNoticeSentAt: conversation.handoffNoticeSentAt,
    textOnlyNoticeAt: conversation.textOnlyNoticeAt,
    closedAt: conversation.closedAt,
    tenant: conversation.tenant,
    messages: rows.map((row) => ({
      id: row.id,
      type: row.type,
      text: row.text,
      replyId: replyIdOf(row.payload),
      createdAt: row.createdAt,
      waMessageId: row.waMessageId,
      repliedToWaMessageId: repliedToIdOf(row.payload),
    })),
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
