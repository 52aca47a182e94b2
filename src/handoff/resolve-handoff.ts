import { type Db, inTransaction, type Tx } from '../db/index.js';
import { markHandoffNoticeGiven } from './handoff-notice.js';

export type ResolveHandoffOutcome =
  | {
      kind: 'resolved';
      handoff: { id: number; conversationId: number; attendant: string | null; resolvedAt: Date };
      /** true: the bot answers again; false: the chat is closed and the bot stays silent (see `closedAt`) */
      returnedToBot: boolean;
    }
  | { kind: 'not_found' }
  | { kind: 'already_resolved' };

export interface ResolveHandoffRequest {
  tenantId: number;
  handoffId: number;
  now: Date;
  /** false closes the chat: the bot stays silent until a person gives it back or the customer writes 24 hours later */
  returnToBot: boolean;
}

/**
 * Closes an open (pending or claimed) handoff: the handoff becomes `resolved`. With
 * `returnToBot` the bot answers the next message and the conversation's "a person will
 * answer" notice is cleared, so a later handoff tells the customer again. Without it the
 * conversation is marked closed (`closed_at`, the notice kept as given), and the bot keeps
 * silent until a person gives it back or the customer writes 24 hours or more after the
 * close (release-closed-conversation.ts), which clears both. All in one transaction. Another tenant's handoff is
 * `not_found`, exactly like a missing one.
 */
export async function resolveHandoff(db: Db, request: ResolveHandoffRequest): Promise<ResolveHandoffOutcome> {
  return inTransaction(db, async (tx) => resolveHandoffInTransaction(tx, request));
}

async function resolveHandoffInTransaction(tx: Tx, request: ResolveHandoffRequest): Promise<ResolveHandoffOutcome> {
  const resolved = await tx.$queryRaw<{ id: number; conversation_id: number; attendant: string | null; resolved_at: Date }[]>`
    UPDATE handoffs SET status = 'resolved', resolved_at = ${request.now}
    WHERE id = ${request.handoffId} AND tenant_id = ${request.tenantId} AND status IN ('pending', 'claimed')
    RETURNING id, conversation_id, attendant, resolved_at`;
  const row = resolved[0];
  if (!row) {
    const exists = await tx.handoff.findFirst({ where: { id: request.handoffId, tenantId: request.tenantId }, select: { id: true } });
    return exists ? { kind: 'already_resolved' } : { kind: 'not_found' };
  }
  if (request.returnToBot) {
    await tx.conversation.updateMany({
      where: { id: row.conversation_id, tenantId: request.tenantId },
      data: { handoffNoticeSentAt: null, closedAt: null },
    });
  } else {
    // The notice stays given while the chat is closed: the customer's later messages get no
    // "a person will answer"; releasing the close clears it (release-closed-conversation.ts).
    await tx.conversation.updateMany({ where: { id: row.conversation_id, tenantId: request.tenantId }, data: { closedAt: request.now } });
    await markHandoffNoticeGiven(tx, { tenantId: request.tenantId, conversationId: row.conversation_id });
  }
  return {
    kind: 'resolved',
    handoff: { id: row.id, conversationId: row.conversation_id, attendant: row.attendant, resolvedAt: row.resolved_at },
    returnedToBot: request.returnToBot,
  };
}
