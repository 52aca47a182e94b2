import type { Queryable } from '../db/index.js';

export interface ConversationMessageView {
  id: number;
  /** `message` for what was exchanged on WhatsApp, `note` for a staff member's internal note (never sent) */
  kind: 'message' | 'note';
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
  conversation: { id: number; createdAt: Date; lastInboundAt: Date | null; handoffNoticeSentAt: Date | null; closedAt: Date | null };
  customer: { id: number; name: string | null; waId: string | null; username: string | null };
  /** the latest `limit` messages, oldest first, with the internal notes written since the oldest of them */
  messages: ConversationMessageView[];
  /** true when older messages exist beyond `limit` */
  hasOlderMessages: boolean;
  openHandoff: {
    id: number;
    status: string;
    reason: string;
    note: string | null;
    attendant: string | null;
    /** the staff account `attendant` names, null for a name an API key gave or the owner's app */
    attendantStaffId: number | null;
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
      closedAt: true,
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
      select: {
        id: true,
        status: true,
        reason: true,
        note: true,
        attendant: true,
        attendantStaffId: true,
        createdAt: true,
        claimedAt: true,
      },
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
  const hasOlderMessages = latest.length > query.limit;
  const oldestShown = page[0]?.createdAt;
  const notes = await db.conversationNote.findMany({
    where: {
      conversationId: conversation.id,
      tenantId: query.tenantId,
      ...(hasOlderMessages && oldestShown ? { createdAt: { gte: oldestShown } } : {}),
    },
    orderBy: { id: 'asc' },
    select: { id: true, author: true, text: true, createdAt: true },
  });
  const messages: ConversationMessageView[] = page.map(({ payload, ...message }) => {
    const waMessageId = repliedToIdOf(payload);
    return { ...message, kind: 'message', replyTo: waMessageId ? { waMessageId, text: textOf.get(waMessageId) ?? null } : null };
  });
  return {
    conversation: rest,
    customer,
    messages: mergeByTime(messages, notes.map(noteAsMessage)),
    hasOlderMessages,
    openHandoff,
  };
}

/** A note shown among the messages: written by staff, internal, never sent. */
function noteAsMessage(note: { id: number; author: string; text: string; createdAt: Date }): ConversationMessageView {
  return {
    id: note.id,
    kind: 'note',
    direction: 'internal',
    author: 'staff',
    attendant: note.author,
    type: 'note',
    text: note.text,
    status: 'note',
    errorCode: null,
    errorTitle: null,
    createdAt: note.createdAt,
    sentAt: null,
    replyTo: null,
  };
}

/** Both lists are oldest first; a note written at the same instant as a message comes after it. */
function mergeByTime(messages: ConversationMessageView[], notes: ConversationMessageView[]): ConversationMessageView[] {
  if (notes.length === 0) return messages;
  const merged: ConversationMessageView[] = [];
  let next = 0;
  for (const message of messages) {
    while (next < notes.length && (notes[next] as ConversationMessageView).createdAt < message.createdAt)
      merged.push(notes[next++] as ConversationMessageView);
    merged.push(message);
  }
  return [...merged, ...notes.slice(next)];
}

/** `context.id` of an inbound message's raw payload (stored by the webhook intake as `{replyId, message}`). */
function repliedToIdOf(payload: unknown): string | null {
  const context = (payload as { message?: { context?: { id?: unknown } } } | null)?.message?.context;
  return typeof context?.id === 'string' ? context.id : null;
}
