import type { Queryable } from '../db/index.js';

export interface ConversationNoteView {
  id: number;
  author: string;
  text: string;
  createdAt: Date;
}

export type AddNoteOutcome = { kind: 'added'; note: ConversationNoteView } | { kind: 'not_found' };

/**
 * Stores a staff member's internal note in a conversation. A note is never sent to the
 * customer and never given to the model: it is its own table, which neither the outbox nor
 * the agent reads. Another tenant's conversation is `not_found`, exactly like a missing one.
 */
export async function addConversationNote(
  db: Queryable,
  request: { tenantId: number; conversationId: number; author: string; text: string },
): Promise<AddNoteOutcome> {
  const conversation = await db.conversation.findFirst({
    where: { id: request.conversationId, tenantId: request.tenantId },
    select: { id: true },
  });
  if (!conversation) return { kind: 'not_found' };
  const note = await db.conversationNote.create({
    data: { tenantId: request.tenantId, conversationId: conversation.id, author: request.author, text: request.text },
    select: { id: true, author: true, text: true, createdAt: true },
  });
  return { kind: 'added', note };
}
