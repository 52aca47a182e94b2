import type { Db } from '../db/index.js';

/**
 * How a customer's stored message reads to the model when it is more than typed text: a
 * caption is marked as the caption of an image/video/document (which the model cannot see), a
 * transcribed voice note as such, a Flow reply and an order as what they are, and a message
 * that answers another (`context`) quotes it. Every result is still untrusted customer text.
 * Null for plain text (the caller shows it as typed).
 */
export function describeCustomerContent(message: { type: string; text: string }, quoted: string | null): string | null {
  const prefix = quoted === null ? '' : `[Em resposta à mensagem: “${quoted.slice(0, 300)}”] `;
  switch (message.type) {
    case 'image':
      return `${prefix}[Legenda de uma imagem que o cliente enviou; a imagem não consigo ver]: ${message.text}`;
    case 'video':
      return `${prefix}[Legenda de um vídeo que o cliente enviou; o vídeo não consigo ver]: ${message.text}`;
    case 'document':
      return `${prefix}[Legenda de um documento que o cliente enviou; o documento não consigo abrir]: ${message.text}`;
    case 'audio':
      return `${prefix}(áudio transcrito) ${message.text}`;
    case 'flow_reply':
      return `${prefix}[O cliente respondeu um formulário do WhatsApp]:\n${message.text}`;
    case 'order':
      return `${prefix}[O cliente enviou um pedido pelo catálogo do WhatsApp]:\n${message.text}`;
    case 'edit':
      return `${prefix}[O cliente editou uma mensagem anterior; o texto corrigido é]: ${message.text}`;
    default:
      return prefix ? `${prefix}${message.text}` : null;
  }
}

/** The WhatsApp id of the message a stored inbound message replied to (`context.id` of its raw payload). */
export function repliedToIdOf(payload: unknown): string | null {
  const context = (payload as { message?: { context?: { id?: unknown } } } | null)?.message?.context;
  return typeof context?.id === 'string' ? context.id : null;
}

/** The texts of the conversation's messages with these WhatsApp ids (what a customer replied to). */
export async function loadQuotedTexts(
  db: Db,
  scope: { tenantId: number; conversationId: number },
  waMessageIds: string[],
): Promise<Map<string, string>> {
  if (waMessageIds.length === 0) return new Map();
  const rows = await db.message.findMany({
    where: { tenantId: scope.tenantId, conversationId: scope.conversationId, waMessageId: { in: waMessageIds } },
    select: { waMessageId: true, text: true, type: true },
  });
  return new Map(rows.map((row) => [row.waMessageId ?? '', row.text ?? `(${row.type})`]));
}
