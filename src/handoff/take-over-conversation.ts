import type { Queryable } from '../db/index.js';
import { type ClaimedHandoff, claimHandoff } from './claim-handoff.js';
import { markHandoffNoticeGiven } from './handoff-notice.js';
import { requestHandoff } from './request-handoff.js';

export type TakeOverOutcome =
  | { kind: 'taken_over'; handoff: ClaimedHandoff }
  | { kind: 'not_found' }
  | { kind: 'already_claimed'; attendant: string | null };

/**
 * A person takes a chat the bot is handling: a `staff_takeover` handoff is opened and
 * claimed in one go (a pending handoff already open is claimed instead, keeping its
 * reason). From then on the bot is silent, and a running turn is cancelled exactly as for
 * any claim (the claim watch sees a claimed handoff). A chat someone already holds stays
 * theirs. The customer is not told "a person will answer": a person is answering.
 * Run it in the caller's transaction, so the handoff never shows pending on its own.
 */
export async function takeOverConversation(
  tx: Queryable,
  request: { tenantId: number; conversationId: number; attendant: string; attendantStaffId: number | null; now: Date },
): Promise<TakeOverOutcome> {
  const conversation = await tx.conversation.findFirst({
    where: { id: request.conversationId, tenantId: request.tenantId },
    select: { id: true },
  });
  if (!conversation) return { kind: 'not_found' };
  const open = await requestHandoff(tx, { tenantId: request.tenantId, conversationId: request.conversationId, reason: 'staff_takeover' });
  const claimed = await claimHandoff(tx, {
    tenantId: request.tenantId,
    handoffId: open.id,
    attendant: request.attendant,
    attendantStaffId: request.attendantStaffId,
    now: request.now,
  });
  if (claimed.kind !== 'claimed') {
    return { kind: 'already_claimed', attendant: claimed.kind === 'not_pending' ? claimed.attendant : null };
  }
  await markHandoffNoticeGiven(tx, { tenantId: request.tenantId, conversationId: request.conversationId });
  return { kind: 'taken_over', handoff: claimed.handoff };
}
