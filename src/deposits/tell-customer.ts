import type { Tx } from '../db/index.js';
import { queueOutboundReplies } from '../outbox/index.js';

/**
 * Queues texts to the customer's latest conversation, inside the caller's transaction (they go
 * out if and only if the change commits). Idempotent by `key`. False when the customer cannot be
 * told now: no WhatsApp conversation, or the 24-hour window is closed (staff see the deposit's
 * state in the agenda).
 */
export async function tellCustomer(
  tx: Tx,
  request: { tenantId: number; customerId: number; texts: string[]; key: string },
): Promise<boolean> {
  const conversation = await tx.conversation.findFirst({
    where: { tenantId: request.tenantId, customerId: request.customerId },
    orderBy: { id: 'desc' },
    select: { id: true },
  });
  if (!conversation) return false;
  const queued = await queueOutboundReplies(tx, {
    tenantId: request.tenantId,
    conversationId: conversation.id,
    replies: request.texts.map((text) => ({ type: 'text' as const, text })),
    author: 'system',
    idempotencyKeyPrefix: `deposit:${request.key}`,
  });
  return queued.kind === 'queued';
}
