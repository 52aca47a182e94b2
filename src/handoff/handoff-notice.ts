import type { Queryable, Tx } from '../db/index.js';

/** The conversation a handoff notice belongs to. */
export interface NoticeScope {
  tenantId: number;
  conversationId: number;
}

/**
 * Sets `conversations.handoff_notice_sent_at` unless already set; true when this call set it,
 * so the customer is told "a person will answer" once per handoff, whoever gets there first.
 * Runs in the caller's transaction (the turn's commit), with the reply it guards.
 */
export async function claimHandoffNotice(tx: Tx, scope: NoticeScope): Promise<boolean> {
  const changed = await tx.$executeRaw`
    UPDATE conversations SET handoff_notice_sent_at = now(), updated_at = now()
    WHERE id = ${scope.conversationId} AND tenant_id = ${scope.tenantId} AND handoff_notice_sent_at IS NULL`;
  return changed > 0;
}

/** Marks the notice as given without telling the customer anything (someone is already answering them). */
export async function markHandoffNoticeGiven(db: Queryable, scope: NoticeScope): Promise<void> {
  await db.$executeRaw`
    UPDATE conversations SET handoff_notice_sent_at = coalesce(handoff_notice_sent_at, now()), updated_at = now()
    WHERE id = ${scope.conversationId} AND tenant_id = ${scope.tenantId}`;
}
