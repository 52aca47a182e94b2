import type { Queryable } from '../db/index.js';
import { AppError } from '../shared/index.js';

/**
 * Refuses (throws) unless the conversation's customer wrote within the last 24 hours:
 * WhatsApp only delivers free-form messages inside that customer-service window, and
 * outside it Meta would reject the send anyway. Checked against the database clock.
 * Throws `AppError('conversation_not_found', …, 404)` for a conversation of another tenant.
 */
export async function assertWithinCustomerWindow(tx: Queryable, tenantId: number, conversationId: number): Promise<void> {
  const rows = await tx.$queryRaw<{ open: boolean }[]>`
    SELECT coalesce(last_inbound_at > now() - interval '24 hours', false) AS open
    FROM conversations WHERE id = ${conversationId} AND tenant_id = ${tenantId}`;
  const row = rows[0];
  if (!row) throw new AppError('conversation_not_found', 'Conversa não encontrada / conversation not found', 404);
  if (!row.open) {
    throw new AppError(
      'outside_customer_window',
      'O cliente não escreve há mais de 24 horas: o WhatsApp só permite mensagens livres dentro dessa janela. / ' +
        'The customer has not written in the last 24 hours: WhatsApp only allows free-form messages inside that window.',
      422,
    );
  }
}
