import type { Queryable, Tx } from '../db/index.js';
import { queueTemplateMessage, readCustomerWindow } from '../outbox/index.js';
import { readNotificationTemplates } from '../tenant/index.js';

/** What an attendant's "reopen with a template" came to, as a value the route translates. */
export type ReopenOutcome =
  | { kind: 'queued'; messageId: number; created: boolean; template: string }
  | { kind: 'conversation_not_found' }
  | { kind: 'window_open' }
  | { kind: 'no_template' };

/** The readable rendering of the reopen template kept on the row for people (console, chat). */
export const reopenTemplateText = (template: string) => `Mensagem modelo "${template}" enviada para reabrir a conversa.`;

/**
 * Queues, in the caller's transaction, the tenant's `templates.reopenConversation` template
 * for a conversation whose 24-hour window closed: the only message WhatsApp delivers there.
 * Its body gets the customer's name and the business name. Refused as values: the window is
 * still open (a plain reply works), or the tenant names no such template.
 */
export async function reopenConversation(
  tx: Tx,
  request: { tenantId: number; conversationId: number; idempotencyKey: string },
): Promise<ReopenOutcome> {
  const conversation = await tx.conversation.findFirst({
    where: { id: request.conversationId, tenantId: request.tenantId },
    select: { customer: { select: { name: true } }, tenant: { select: { name: true, templates: true } } },
  });
  if (!conversation) return { kind: 'conversation_not_found' };
  const window = await readCustomerWindow(tx, request.tenantId, request.conversationId);
  if (window === 'open') return { kind: 'window_open' };
  const template = readNotificationTemplates(conversation.tenant.templates).reopenConversation;
  if (!template) return { kind: 'no_template' };
  const queued = await queueTemplateMessage(tx, {
    tenantId: request.tenantId,
    conversationId: request.conversationId,
    template: {
      name: template.name,
      language: template.language,
      bodyParameters: [conversation.customer.name?.trim() || 'cliente', conversation.tenant.name],
    },
    text: reopenTemplateText(template.name),
    author: 'attendant',
    idempotencyKey: request.idempotencyKey,
  });
  return { kind: 'queued', messageId: queued.id, created: queued.created, template: template.name };
}

/** Whether the console should offer the reopen: the window is closed; which template it would send. */
export async function readReopenOffer(
  db: Queryable,
  tenantId: number,
  conversationId: number,
): Promise<{ open: boolean; reopenTemplate: string | null }> {
  const window = await readCustomerWindow(db, tenantId, conversationId);
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: tenantId }, select: { templates: true } });
  return { open: window === 'open', reopenTemplate: readNotificationTemplates(tenant.templates).reopenConversation?.name ?? null };
}
