import type { Queryable } from '../db/index.js';

export interface ConversationMessageView {
  id: number;
  direction: string;
  author: string;
  attendant: string | null;
  type: string;
  text: string | null;
  /** inbound: received | processed; outbound: pending | sending | sent | delivered | read | failed */
  status: string;
  errorCode: string | null;
  errorTitle: string | null;
  createdAt: Date;
  sentAt: Date | null;
  /** the message this one answered (WhatsApp `context`), with its text when it is in this conversation */
  replyTo: { waMessageId: string; text: string | null } | null;
}

export interface ConversationView {
  conversation: { id: number; createdAt: Date; lastInboundAt: Date | null; handoffNoticeSentAt: Date | null };
  customer: { id: number; name: string | null; waId: string | null; username: string | null };
  /** the latest `limit` messages, oldest first */
  messages: ConversationMessageView[];
  /** true when older messages exist beyond `limit` */
  hasOlderMessages: boolean;
  openHandoff: {
    id: number;
    status: string;
    reason: string;
    note: string | null;
    attendant: string | null;
    createdAt: Date;
    claimedAt: Date | null;
  } | null;
}

/**
 * What an attendant sees of a conversation: the customer, the latest `limit` messages of
 * both directions oldest first (with the outbound delivery status, e.g. `failed` and Meta's
 * error code), and the open handoff if any. Null when the conversation does not exist or
 * belongs to another tenant: callers answer both the same way.
 */
export async function readConversation(
  db: Queryable,
  query: { tenantId: number; conversationId: number; limit: number },
): Promise<ConversationView | null> {
  const conversation = await db.conversation.findFirst({
    where: { id: query.conversationId, tenantId: query.tenantId },
    select: {
      id: true,
      createdAt: true,
      lastInboundAt: true,
      handoffNoticeSentAt: true,
      customer: { select: { id: true, name: true, waId: true, username: true } },
    },
  });
  if (!conversation) return null;
  const [latest, openHandoff] = await Promise.all([
    db.message.findMany({
      where: { conversationId: conversation.id, tenantId: query.tenantId },
      orderBy: { id: 'desc' },
      take: query.limit + 1,
      select: {
        id: true,
        direction: true,
        author: true,
        attendant: true,
        type: true,
        text: true,
        status: true,
        errorCode: true,
        errorTitle: true,
        createdAt: true,
        sentAt: true,
        payload: true,
      },
    }),
    db.handoff.findFirst({
      where: { conversationId: conversation.id, tenantId: query.tenantId, status: { in: ['pending', 'claimed'] } },
      select: { id: true, status: true, reason: true, note: true, attendant: true, createdAt: true, claimedAt: true },
    }),
  ]);
  const { customer, ...rest } = conversation;
  const page = latest.slice(0, query.limit).reverse();
  const repliedTo = page.flatMap((message) => repliedToIdOf(message.payload) ?? []);
  const quoted =
    repliedTo.length === 0
      ? []
      : await db.message.findMany({
          where: { conversationId: conversation.id, tenantId: query.tenantId, waMessageId: { in: repliedTo } },
          select: { waMessageId: true, text: true },
        });
  const textOf = new Map(quoted.map((row) => [row.waMessageId, row.text]));
  return {
    conversation: rest,
    customer,
    messages: page.map(({ payload, ...message }) => {
      const waMessageId = repliedToIdOf(payload);
      return { ...message, replyTo: waMessageId ? { waMessageId, text: textOf.get(waMessageId) ?? null } : null };
    }),
    hasOlderMessages: latest.length > query.limit,
    openHandoff,
  };
}

/** `context.id` of an inbound message's raw payload (stored by the webhook intake as `{replyId, message}`). */
function repliedToIdOf(payload: unknown): string | null {
  const context = (payload as { message?: { context?: { id?: unknown } } } | null)?.message?.context;
  return typeof context?.id === 'string' ? context.id : null;
}
