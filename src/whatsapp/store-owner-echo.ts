import { type Db, inTransaction } from '../db/index.js';
import { handOverToOwner } from '../handoff/index.js';
import { OWNER_APP_ATTENDANT } from '../shared/index.js';
import type { WebhookEcho } from './webhook-payload.js';
import type { WebhookSender } from './webhook-sender.js';

export type StoredEcho = { kind: 'stored'; messageId: number; conversationId: number; handoffId: number | null } | { kind: 'duplicate' };

/**
 * A message the owner sent to a customer from the WhatsApp Business app (an
 * `smb_message_echoes` item), in one transaction: stored as the business's message in the
 * customer's conversation (outbound, author `attendant`, attendant "WhatsApp app", status
 * `sent`), and the bot steps aside: an `owner_replied` handoff opened already claimed by
 * "WhatsApp app" (a pending handoff is claimed by it instead; one claimed by a person stays
 * theirs), with the "a person will answer" notice marked as given, since the owner is answering.
 *
 * An echo whose WhatsApp id is already stored (a redelivery, or a message this service sent
 * itself) changes nothing.
 */
export async function storeOwnerEcho(
  db: Db,
  echo: { tenantId: number; recipient: WebhookSender; item: WebhookEcho; text: string | null; raw: unknown },
): Promise<StoredEcho> {
  return inTransaction(db, async (tx) => {
    const known = await tx.message.findUnique({ where: { waMessageId: echo.item.id }, select: { id: true } });
    if (known) return { kind: 'duplicate' };
    const { recipient } = echo;
    const customer = await tx.$queryRaw<{ id: number }[]>`
      SELECT upsert_wa_customer(${echo.tenantId}, ${recipient.waId}, ${recipient.bsuid}, ${recipient.parentBsuid},
                                ${recipient.username}, ${recipient.profileName}) AS id`;
    const conversation = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO conversations (tenant_id, customer_id, updated_at) VALUES (${echo.tenantId}, ${customer[0]!.id}, now())
      ON CONFLICT (tenant_id, customer_id) DO UPDATE SET updated_at = now()
      RETURNING id`;
    const conversationId = conversation[0]!.id;
    const inserted = await tx.$queryRaw<{ id: number }[]>`
      INSERT INTO messages (tenant_id, conversation_id, direction, author, attendant, type, text, payload, wa_message_id, status,
                            sent_at, updated_at)
      VALUES (${echo.tenantId}, ${conversationId}, 'outbound', 'attendant', ${OWNER_APP_ATTENDANT}, ${echo.item.type}, ${echo.text},
              ${JSON.stringify({ echo: true, message: echo.raw })}::jsonb, ${echo.item.id}, 'sent',
              least(to_timestamp(${echo.item.timestamp}::double precision), now()), now())
      ON CONFLICT (wa_message_id) DO NOTHING
      RETURNING id`;
    const messageId = inserted[0]?.id;
    if (messageId === undefined) return { kind: 'duplicate' };
    const handoffId = await handOverToOwner(tx, { tenantId: echo.tenantId, conversationId, now: new Date() });
    return { kind: 'stored', messageId, conversationId, handoffId };
  });
}
