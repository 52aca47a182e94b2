/**
 * The nouns, "done" marks and phrases that make a sentence about the customer's appointment
 * or about a change to it: appointments, services, payments, changes, standing phrases and the
 * states that settle nothing yet. Accent-free and lower case.
 */
/** Nouns for an appointment: with a weak verb or a "done" mark they make it about the booking. */
export const APPOINTMENT_NOUNS = new Set([
  'horario',
  'horarios',
  'agendamento',
  'agendamentos',
  'reserva',
  'reservas',
  'consulta',
  'sessao',
  'atendimento',
  'marcacao',
  'marcacoes',
  'hora',
  'vaga',
  // "consegui um encaixe pra você amanhã às 15h"
  'encaixe',
  'encaixes',
]);

/**
 * Services a customer books ("sua hidratação", "seu corte"): only where a phrase needs the
 * customer's appointment by name ("sua hidratação agora vai ser na quinta"), never as an
 * appointment noun for any weak verb ("o corte fica R$ 50" states a price).
 */
export const SERVICE_NOUNS = new Set([
  'corte',
  'escova',
  'hidratacao',
  'coloracao',
  'progressiva',
  'manicure',
  'pedicure',
  'unha',
  'unhas',
  'barba',
  'sobrancelha',
  'depilacao',
  'massagem',
  'drenagem',
  'limpeza',
  'avaliacao',
  'aula',
  'tratamento',
  'procedimento',
  'servico',
]);

/** "Done" marks: with a time, a noun or an expectation of attendance they claim a booking. */
export const DONE_MARKS = new Set([
  'pronto',
  'prontinho',
  'feito',
  'feita',
  'feitinho',
  'efetuado',
  'efetuada',
  'efectuada',
  'efectuado',
  'realizado',
  'realizada',
  'certo',
  'certinho',
  'ok',
  'okay',
  'beleza',
  'blz',
  'show',
  'perfeito',
  'combinado',
  'fechado',
  'fechou',
  'fechei',
  'fechamos',
  'sucesso',
  'garantido',
  'garantida',
  '__check__',
  'oficial',
  'confirmadissimo',
  // with a change noun: "o cancelamento foi concluído", "reserva efetivada"
  'concluido',
  'concluida',
  'efetivado',
  'efetivada',
  'finalizado',
  'finalizada',
  // "seu pedido de remarcação foi atendido", "solicitação processada", "tudo resolvido"
  'atendido',
  'atendida',
  'processado',
  'processada',
  'resolvido',
  'resolvida',
  'ajeitado',
  'ajeitada',
  // "sua vaga tá salva" (the participle ends like a present form, so it is no verb ending)
  'salva',
  'salvo',
  'salvas',
  'salvos',
  // "missão cumprida"
  'cumprida',
  'cumprido',
  // "sua sexta às 10h está certa", "pedido de agendamento aprovado", "tudo nos conformes"
  'certa',
  'certinha',
  'aprovado',
  'aprovada',
  'validado',
  'validada',
  'conformes',
]);

/**
 * Nouns that name a change rather than the appointment: with a "done" mark they claim that
 * change ("Cancelamento realizado com sucesso", "Remarcação feita: quinta, 9h").
 */
export const CHANGE_NOUNS = new Map<string, 'cancelled' | 'rescheduled'>([
  ['cancelamento', 'cancelled'],
  ['cancelamentos', 'cancelled'],
  ['desmarcacao', 'cancelled'],
  ['remarcacao', 'rescheduled'],
  ['remarcacoes', 'rescheduled'],
  ['reagendamento', 'rescheduled'],
  ['reagendamentos', 'rescheduled'],
  ['troca', 'rescheduled'],
  ['mudanca', 'rescheduled'],
  ['alteracao', 'rescheduled'],
  // not "transferência": here it is mostly a handoff to a person ("Transferência registrada")
  ['desmarcacoes', 'cancelled'],
]);

/**
 * Phrases that say an appointment stands or is gone, with no verb of change: "está de pé",
 * "já está no seu nome", "tá na mão", "bati o martelo", "saiu da agenda". Like a weak verb
 * they need an appointment noun, a time or a day. Each is the phrase's last word and the
 * words that must come right before it (nearest first).
 */
export const STANDING_PHRASES: ReadonlyArray<{
  kind: 'booked' | 'cancelled';
  last: string;
  before: ReadonlyArray<ReadonlySet<string>>;
}> = [
  { kind: 'booked', last: 'pe', before: [new Set(['de'])] },
  { kind: 'booked', last: 'nome', before: [new Set(['seu', 'teu']), new Set(['no', 'em'])] },
  { kind: 'booked', last: 'nome', before: [new Set(['no'])] },
  { kind: 'booked', last: 'mao', before: [new Set(['na'])] },
  { kind: 'booked', last: 'martelo', before: [new Set(['o']), new Set(['bati', 'batemos', 'batido'])] },
  { kind: 'cancelled', last: 'agenda', before: [new Set(['da']), new Set(['saiu', 'sairam'])] },
  // "Tá na agenda!", "já está na sua agenda"
  { kind: 'booked', last: 'agenda', before: [new Set(['na'])] },
  { kind: 'booked', last: 'agenda', before: [new Set(['sua', 'tua']), new Set(['na'])] },
  // "já está no sistema", "tá lançado no sistema" (not "vou ver no sistema")
  {
    kind: 'booked',
    last: 'sistema',
    before: [new Set(['no']), new Set(['esta', 'ta', 'estao', 'tao', 'consta', 'constam', 'aparece', 'aparecem', 'entrou', 'entraram'])],
  },
  { kind: 'booked', last: 'sistema', before: [new Set(['no']), new Set(['tudo']), new Set(['esta', 'ta'])] },
];

/** "fica pendente", "ficou aguardando o sinal", "está em aberto": states that settle nothing yet. */
export const UNSETTLED_STATES = new Set([
  'pendente',
  'pendentes',
  'aguardando',
  'provisoria',
  'provisorio',
  'preliminar',
  'aberto',
  'aberta',
  'analise',
  // "as 9h ficaram livres", "fica disponível": the slot is open, nobody's
  'livre',
  'livres',
  'disponivel',
  'disponiveis',
  'vago',
  'vagos',
]);

/** "lista de espera", "fila de espera": a waitlist, where a name is put without booking anything. */
export const WAITLISTS = new Set(['lista', 'fila']);
