/**
 * The words around a change verb that decide whether a sentence states it as done: nouns
 * and "done" marks that support it, and the words that suspend a statement (offers,
 * questions, conditions, availability, intention, negation). Accent-free and lower case.
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
  // "já está no sistema", "tá lançado no sistema" (not "vou ver no sistema")
  { kind: 'booked', last: 'sistema', before: [new Set(['no']), new Set(['esta', 'ta', 'estao', 'tao', 'consta', 'constam'])] },
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
]);

/** "lista de espera", "fila de espera": a waitlist, where a name is put without booking anything. */
export const WAITLISTS = new Set(['lista', 'fila']);

/** "toda segunda", "todos os dias": a habit or a rule of the business, not a change. */
export const HABIT_MARKS = new Set(['toda', 'todas', 'todo', 'todos', 'sempre', 'diariamente', 'semanalmente']);
/** What a habit mark ranges over: "toda segunda às 8h", "todo dia", "todas as manhãs". */
export const HABIT_UNITS = new Set([
  'segunda',
  'terca',
  'quarta',
  'quinta',
  'sexta',
  'sabado',
  'domingo',
  'dia',
  'dias',
  'semana',
  'semanas',
  'mes',
  'manha',
  'manhas',
  'tarde',
  'tardes',
  'noite',
  'noites',
]);

/** "fica confirmado", "será feito": present or future of the copula, a rule or a promise when a condition follows. */
export const COPULAS_OF_A_RULE = new Set(['fica', 'ficam', 'ficara', 'ficarao', 'sera', 'serao', 'ficaria']);
/** Words that open a condition clause ("assim que", "depois que", "logo que", "quando", "se", "caso"). */
export const CONDITION_OPENERS = new Set(['assim', 'depois', 'logo', 'quando', 'se', 'caso', 'apos']);

/** "te espero", "nos vemos", "até amanhã": the answer expects the customer to come. */
export const ATTENDANCE_VERBS = new Set([
  'espero',
  'esperamos',
  'esperando',
  'aguardo',
  'aguardamos',
  'aguardando',
  'vemos',
  'vejo',
  'recebemos',
  'venha',
  'apareca',
]);
/** An attendance verb is about the customer coming only next to them: "te espero", "esperamos você", "nos vemos". */
export const ATTENDANCE_OBJECTS = new Set(['te', 'lhe', 'nos', 'os', 'as', 'voce', 'vc', 'por', 'la', 'ai']);
/** "pode vir": an invitation to come, not an offer to choose. */
export const COMING_VERBS = new Set(['vir', 'chegar', 'aparecer', 'comparecer']);

/** Words after which a change is only offered, asked, conditional or denied: they suspend the rest of the sentence. */
export const SUSPENDERS = new Set([
  // offers and questions
  'quer',
  'queres',
  'querer',
  'queira',
  'deseja',
  'desejas',
  'gostaria',
  'gostarias',
  'prefere',
  'preferes',
  'posso',
  'podemos',
  'poderia',
  'poderiamos',
  'pode',
  'podes',
  'devo',
  'devemos',
  'topa',
  'bora',
  'consigo',
  'conseguimos',
  'tal',
  'sugiro',
  'sugestao',
  'recomendo',
  'opcao',
  'opcoes',
  'confirma',
  'confirme',
  'confirmar',
  'confirmando',
  'diga',
  'diz',
  'fala',
  'avise',
  'avisa',
  'escolha',
  'escolhe',
  'responda',
  'responde',
  'mande',
  'manda',
  'envie',
  'digite',
  'confirmacao',
  'resposta',
  'retorno',
  'pretende',
  // conditions
  'se',
  'caso',
  'quando',
  'assim',
  'depois',
  'antes',
  'apos',
  'basta',
  'so',
  // availability
  'livre',
  'livres',
  'disponivel',
  'disponiveis',
  'disponibilidade',
  'vagas',
  'temos',
  'tenho',
  'ha',
  'existe',
  'existem',
  'aberto',
  // intention, not a fact
  'vou',
  'vamos',
  'irei',
  'iremos',
  'tentar',
  'tento',
  'tentei',
  'precisa',
  'precisamos',
  // "para o agendamento ficar confirmado", "para a reserva ser efetivada": a purpose, not a fact
  'ficar',
  'ser',
  'estar',
  'preciso',
  'falta',
  'faltou',
  'aguarde',
  // failure
  'infelizmente',
  'erro',
  'problema',
  'impossivel',
  'indisponivel',
  'ocupado',
  'ocupada',
]);

/** Negations: suspend the rest of their own clause (up to the next comma). */
export const NEGATIONS = new Set(['nao', 'nem', 'nunca', 'nada', 'nenhum', 'nenhuma', 'sem', 'jamais', 'ninguem']);

/** Words that turn a "done" mark back into a plain acknowledgement ("ok, entendi", "certo, vou ver"). */
export const ACKNOWLEDGEMENTS = new Set(['entendi', 'entendido', 'certeza', 'claro', 'obrigado', 'obrigada']);
