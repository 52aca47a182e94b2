import type { Db } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import type { InboundEffect } from './inbound-message-content.js';

/**
 * What a just-stored message does to others of its conversation:
 * - revoke: the deleted message, if not answered yet, is withdrawn (status `revoked`), so the
 *   turn never reads it ("quero falar com uma pessoa" deleted in time opens no handoff);
 * - edit: the corrected text replaces the original's while it waits for its turn (then the
 *   edit itself is `processed`); an original already answered leaves the edit to be read as a
 *   correction;
 * - changed_number: the customer takes the new number / business-scoped user id (a customer
 *   already known under them is folded in), so appointments and the conversation follow.
 */
export async function applyInboundEffect(
  deps: { db: Db; logger: Logger },
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
      deps.logger.info({ tenantId: stored.tenantId, customerId: rows[0]?.id ?? null }, 'customer changed number: customer moved');
      return;
    }
  }
}
