import { type Db, inTransaction, type Tx } from '../db/index.js';

export type ResolveHandoffOutcome =
  | { kind: 'resolved'; handoff: { id: number; conversationId: number; attendant: string | null; resolvedAt: Date } }
  | { kind: 'not_found' }
  | { kind: 'already_resolved' };

/**
 * Closes an open (pending or claimed) handoff and gives the conversation back to the bot:
 * the handoff becomes `resolved` and the conversation's "a person will answer" notice is
 * cleared, so a later handoff tells the customer again. Both in one transaction.
 * Another tenant's handoff is `not_found`, exactly like a missing one.
 */
export async function resolveHandoff(db: Db, request: { tenantId: number; handoffId: number; now: Date }): Promise<ResolveHandoffOutcome> {
  return inTransaction(db, async (tx) => resolveHandoffInTransaction(tx, request));
}

async function resolveHandoffInTransaction(
  tx: Tx,
  request: { tenantId: number; handoffId: number; now: Date },
): Promise<ResolveHandoffOutcome> {
  const resolved = await tx.$queryRaw<{ id: number; conversation_id: number; attendant: string | null; resolved_at: Date }[]>`
    UPDATE handoffs SET status = 'resolved', resolved_at = ${request.now}
    WHERE id = ${request.handoffId} AND tenant_id = ${request.tenantId} AND status IN ('pending', 'claimed')
    RETURNING id, conversation_id, attendant, resolved_at`;
  const row = resolved[0];
  if (!row) {
    const exists = await tx.handoff.findFirst({ where: { id: request.handoffId, tenantId: request.tenantId }, select: { id: true } });
    return exists ? { kind: 'already_resolved' } : { kind: 'not_found' };
  }
  await tx.conversation.updateMany({
    where: { id: row.conversation_id, tenantId: request.tenantId },
    data: { handoffNoticeSentAt: null },
  });
  return {
    kind: 'resolved',
    handoff: { id: row.id, conversationId: row.conversation_id, attendant: row.attendant, resolvedAt: row.resolved_at },
  };
}
