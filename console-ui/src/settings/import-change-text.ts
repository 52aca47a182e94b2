import type { TenantFileChangeItem } from '../../../src/contract/index.js';

const FIELD_NAMES: Record<string, string> = {
  name: 'nome',
  durationMinutes: 'duração',
  priceCents: 'preço',
  priceFrom: '“a partir de”',
  bufferAfterMinutes: 'intervalo depois',
  resources: 'recursos',
  count: 'quantidade',
  parent: 'serviço principal',
  services: 'serviços',
  hours: 'horários',
  timeOff: 'folgas',
  minNoticeMinutes: 'antecedência mínima',
  horizonDays: 'dias à frente para agendar',
  slotStepMinutes: 'intervalo entre horários',
  cancelNoticeMinutes: 'antecedência para cancelar',
  businessInfo: 'informações do salão',
  address: 'endereço',
  paymentMethods: 'formas de pagamento',
  ownerReplyPauseMinutes: 'pausa depois de resposta do proprietário',
};

const BLOCK_NAMES: Record<string, string> = {
  name: 'Nome do salão',
  timezone: 'Fuso horário',
  assistant: 'Informações para o assistente',
  booking: 'Regras de agendamento',
  reminders: 'Lembretes',
  templates: 'Modelos de mensagem da Meta',
  holidays: 'Feriados',
  retention: 'Tempo de guarda das conversas',
  quickReplies: 'Respostas rápidas',
};

/** [noun, feminine] of each kind of entry. */
const ENTITY_NAMES: Record<Exclude<TenantFileChangeItem['entity'], 'salon'>, [string, boolean]> = {
  service: ['Serviço', false],
  variant: ['Variação', true],
  resource: ['Recurso', false],
  professional: ['Profissional', false],
};

/** One change of an imported file as the owner reads it: "Serviço alterado: Corte (preço, duração)". */
export function importChangeText(change: TenantFileChangeItem): string {
  const fields = change.fields.length > 0 ? ` (${change.fields.map((field) => FIELD_NAMES[field] ?? field).join(', ')})` : '';
  if (change.entity === 'salon') return `${BLOCK_NAMES[change.key] ?? change.key}: alterado${fields}`;
  const [noun, feminine] = ENTITY_NAMES[change.entity];
  const ending = feminine ? 'a' : 'o';
  const verb = change.change === 'added' ? `adicionad${ending}` : change.change === 'retired' ? `retirad${ending}` : `alterad${ending}`;
  return `${noun} ${verb}: ${change.name}${fields}`;
}
