import type { Db } from '../db/index.js';
import { conversationQueueName, enqueueJob, TASKS } from '../queue/index.js';
import type { Logger } from '../shared/index.js';
import type { InboundEffect } from './inbound-message-content.js';
import type { ProcessingSchedule } from './inbound-message-to-store.js';

/**
 * What a just-stored message does to others of its conversation:
 * - revoke: the deleted message, if not answered yet, is withdrawn (status `revoked`), so the
 *   turn never reads it ("quero falar com uma pessoa" deleted in time opens no handoff);
 * - edit: the corrected text replaces the original's while it waits for its turn (then the
 *   edit itself is `processed`); an original already answered leaves the edit to be read as a
 *   correction;
 * - changed_number: the customer takes the new number / business-scoped user id (a customer
 *   already known under them is folded in), so appointments and the conversation follow; the
 *   folded-in customer's unanswered messages move into the kept conversation, whose turn is
 *   queued (the dropped conversation's own job finds nothing to answer).
 */
export async function applyInboundEffect(
  deps: { db: Db; logger: Logger; schedule: ProcessingSchedule },
  stored: { tenantId: number; messageId: number; conversationId: number; sender: { waId: string | null; bsuid: string | null } },
  effect: InboundEffect,
): Promise<void> {
  const { db } = deps;
  switch (effect.kind) {
    case 'revoke': {
      const withdrawn = await db.$executeRaw`
        UPDATE messages SET status = 'revoked', processed_at = now(), updated_at = now()
        WHERE tenant_id = ${stored.tenantId} AND conversation_id = ${stored.conversationId}
          AND wa_message_id = ${effect.originalWaMessageId} AND direction = 'inbound' AND status = 'received'`;
      deps.logger.debug({ tenantId: stored.tenantId, withdrawn }, 'revoked message withdrawn');
      return;
    }
    case 'edit': {
      const replaced = await db.$executeRaw`
        UPDATE messages SET text = ${effect.text}, updated_at = now(),
               payload = jsonb_set(coalesce(payload, '{}'::jsonb), '{editedBy}', to_jsonb(${stored.messageId}::int))
        WHERE tenant_id = ${stored.tenantId} AND conversation_id = ${stored.conversationId}
          AND wa_message_id = ${effect.originalWaMessageId} AND direction = 'inbound' AND status = 'received'`;
      if (replaced > 0) {
        await db.$executeRaw`
          UPDATE messages SET status = 'processed', processed_at = now(), updated_at = now()
          WHERE id = ${stored.messageId} AND status = 'received'`;
      }
      return;
    }
    case 'changed_number': {
      const rows = await db.$queryRaw<{ id: number | null }[]>`
        SELECT move_wa_customer(${stored.tenantId}, ${stored.sender.waId}, ${effect.previousBsuid ?? stored.sender.bsuid},
                                ${effect.newWaId}, ${effect.newBsuid}) AS id`;
      const customerId = rows[0]?.id ?? null;
      deps.logger.info({ tenantId: stored.tenantId, customerId }, 'customer changed number: customer moved');
      if (customerId !== null) await queueStrandedTurn(deps, stored.tenantId, customerId);
      return;
    }
  }
}

/** Queues the turn of the customer's conversation when it holds inbound messages nobody answered yet. */
async function queueStrandedTurn(deps: { db: Db; schedule: ProcessingSchedule }, tenantId: number, customerId: number) {
  const [conversation] = await deps.db.$queryRaw<{ id: number }[]>`
    SELECT c.id FROM conversations c
    WHERE c.tenant_id = ${tenantId} AND c.customer_id = ${customerId}
      AND EXISTS (SELECT 1 FROM messages m WHERE m.conversation_id = c.id AND m.direction = 'inbound' AND m.status = 'received')`;
  if (!conversation) return;
  // the same job the intake's statement queues for a new message (store_inbound_batch)
  await enqueueJob(deps.db, {
    task: TASKS.processConversation,
    payload: { conversationId: conversation.id },
    queueName: conversationQueueName(conversation.id),
    jobKey: `process-conversation:${conversation.id}`,
    jobKeyMode: 'replace',
    runAt: new Date(Date.now() + deps.schedule.debounceMs),
    maxAttempts: deps.schedule.maxAttempts,
  });
}
