import type { Queryable } from '../db/index.js';
import { OWNER_APP_ATTENDANT } from '../shared/index.js';
import { claimHandoff } from './claim-handoff.js';
import { markHandoffNoticeGiven } from './handoff-notice.js';
import { requestHandoff } from './request-handoff.js';

const OWNER_REPLIED_NOTE = 'O dono respondeu pelo aplicativo WhatsApp Business; o assistente fica em silêncio nesta conversa.';

/**
 * The owner answered the customer from the WhatsApp Business app, so the bot steps aside:
 * the conversation's open handoff is claimed by "WhatsApp app", or an `owner_replied` one is
 * opened and claimed by it. A handoff a person already holds stays theirs (null), as does
 * one claimed by someone else in between. Returns the handoff held by "WhatsApp app".
 * The "a person will answer" notice is marked as given either way: the owner is answering.
 * Run it in the caller's transaction, so the handoff never shows pending on its own.
 */
export async function handOverToOwner(
  tx: Queryable,
  scope: { tenantId: number; conversationId: number; now: Date },
): Promise<number | null> {
  await markHandoffNoticeGiven(tx, scope);
  const open = await requestHandoff(tx, {
    tenantId: scope.tenantId,
    conversationId: scope.conversationId,
    reason: 'owner_replied',
    note: OWNER_REPLIED_NOTE,
  });
  if (open.status === 'claimed') return null;
  const claimed = await claimHandoff(tx, {
    tenantId: scope.tenantId,
    handoffId: open.id,
    attendant: OWNER_APP_ATTENDANT,
    attendantStaffId: null,
    now: scope.now,
  });
  return claimed.kind === 'claimed' ? open.id : null;
}
