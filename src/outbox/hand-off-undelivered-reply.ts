import type { Db } from '../db/index.js';
import { requestHandoff } from '../handoff/index.js';
import type { Logger } from '../shared/index.js';

/**
 * A reply of the bot that WhatsApp finally refused (a 4xx, the send job's last attempt, or a
 * `failed` status webhook) leaves the customer without an answer — perhaps a booking
 * confirmation — and nobody knowing. The conversation goes to the human queue with
 * `delivery_failed` and Meta's error code in the note, so an attendant follows up.
 * An attendant's own message is not handed off: its author sees the failure on the conversation.
 */
export async function handOffUndeliveredReply(deps: { db: Db; logger: Logger }, tenantId: number, messageId: number): Promise<void> {
  const failed = await deps.db.message.findFirst({
    where: { id: messageId, tenantId, direction: 'outbound', status: 'failed', author: { in: ['bot', 'system'] } },
    select: { conversationId: true, errorCode: true, errorTitle: true },
  });
  if (!failed) return;
  const handoff = await requestHandoff(deps.db, {
    tenantId,
    conversationId: failed.conversationId,
    reason: 'delivery_failed',
    note: `Resposta do assistente não entregue pelo WhatsApp (erro ${failed.errorCode ?? 'desconhecido'}: ${failed.errorTitle ?? 'sem detalhe'}).`,
  });
  deps.logger.warn({ tenantId, conversationId: failed.conversationId, messageId, handoffId: handoff.id }, 'undelivered reply handed off');
}
