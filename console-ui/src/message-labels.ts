import type { AppointmentDeposit, AppointmentStatus, ConversationMessage } from '../../src/contract/index.js';

/** Who wrote a message, as the attendant reads it. */
export function authorLabel(message: ConversationMessage): string {
  if (message.direction === 'inbound') return 'Cliente';
  switch (message.author) {
    case 'bot':
      return 'Robô';
    case 'attendant':
      return message.attendant ? `Atendente · ${message.attendant}` : 'Atendente';
    case 'owner':
      return 'Proprietário (pelo celular)';
    case 'system':
      return 'Sistema';
    default:
      return message.author;
  }
}

/** A marker for messages that are not plain chat: receipts, reminders, media. Null for plain text. */
export function kindLabel(message: ConversationMessage): string | null {
  const kind = message.kind ?? null;
  if (kind === 'receipt') return 'Comprovante';
  if (kind === 'reminder' || message.type === 'template') return 'Lembrete';
  if (message.type === 'button') return 'Resposta de botão';
  if (message.type === 'interactive') return message.direction === 'inbound' ? 'Escolha de opção' : 'Mensagem com opções';
  if (['image', 'audio', 'video', 'document', 'sticker', 'location', 'contacts'].includes(message.type)) {
    const names: Record<string, string> = {
      image: 'Imagem',
      audio: 'Áudio',
      video: 'Vídeo',
      document: 'Documento',
      sticker: 'Figurinha',
      location: 'Localização',
      contacts: 'Contato',
    };
    return names[message.type] ?? null;
  }
  return null;
}

/** Delivery state of an outbound message in words. */
export function deliveryLabel(message: ConversationMessage): string | null {
  if (message.direction !== 'outbound') return null;
  const labels: Record<string, string> = {
    pending: 'na fila',
    sending: 'enviando',
    sent: 'enviada',
    delivered: 'entregue',
    read: 'lida',
    failed: 'não entregue',
  };
  const label = labels[message.status] ?? message.status;
  return message.status === 'failed' && message.errorTitle ? `${label}: ${message.errorTitle}` : label;
}

/** One label per status the server can answer (the contract's union: a new status fails the build until labelled). */
export const APPOINTMENT_STATUS_LABELS: Record<AppointmentStatus, string> = {
  booked: 'Agendado',
  confirmed: 'Confirmado',
  cancelled: 'Cancelado',
  attended: 'Compareceu',
  no_show: 'Não compareceu',
  pending_payment: 'Aguardando sinal',
  expired: 'Sinal não pago',
};

/** A deposit's state as the agenda shows it (docs/deposits.md). */
export const DEPOSIT_STATUS_LABELS: Record<AppointmentDeposit['status'], string> = {
  pending: 'Sinal pendente',
  paid: 'Sinal pago',
  expired: 'Sinal expirado',
  refunded: 'Sinal devolvido',
  waived: 'Sinal dispensado',
};
