/**
 * The word families behind "something was changed": verb stems per kind of change, the
 * endings that make a settled form of them (participle, first-person or third-person
 * past, diminutive participle), and the words that suspend a statement (offers, questions,
 * conditions, negations, availability). Accent-free and lower case, like the tokens.
 *
 * A family is a verb's stem with its spelling variants (marc/marqu), never a phrase:
 * new phrasings of the same verbs are caught without adding anything here.
 */

export type ChangeKind = 'booked' | 'cancelled' | 'rescheduled';

interface VerbFamily {
  kind: ChangeKind;
  stems: string[];
  /** strong verbs claim on their own ("agendei"); weak ones need a time or an appointment noun ("mudei seu horário") */
  strong: boolean;
}

export const VERB_FAMILIES: VerbFamily[] = [
  { kind: 'booked', strong: true, stems: ['agend', 'marc', 'marqu', 'reserv', 'confirm'] },
  {
    kind: 'booked',
    strong: false,
    stems: [
      'garant',
      'anot',
      'registr',
      'regist',
      'encaix',
      'combin',
      'separ',
      'guard',
      'bloque',
      'fic',
      'fiqu',
      'deix',
      'inclu',
      'coloc',
      'coloqu',
      'pus',
      'botei',
      'bot',
    ],
  },
  { kind: 'cancelled', strong: true, stems: ['cancel', 'desmarc', 'desmarqu', 'desagend'] },
  { kind: 'cancelled', strong: false, stems: ['exclu', 'remov', 'apag', 'apagu', 'tir', 'liber', 'anul', 'retir', 'desfiz', 'desf'] },
  { kind: 'rescheduled', strong: true, stems: ['remarc', 'remarqu', 'reagend', 'reprogram'] },
  {
    kind: 'rescheduled',
    strong: false,
    stems: ['mud', 'alter', 'troc', 'troqu', 'pass', 'transfer', 'adi', 'antecip', 'mov', 'jog', 'joguei', 'empurr', 'realoc', 'reloc'],
  },
];

/** Endings of a settled form: participles (-ado, -ido, -adinho), 1st/3rd person past (-ei, -ou, -amos, -i, -eu, -iu, -aram). */
const SETTLED_ENDINGS = [
  'ado',
  'ada',
  'ados',
  'adas',
  'adinho',
  'adinha',
  'adissimo',
  'ido',
  'ida',
  'idos',
  'idas',
  'idinho',
  'ei',
  'ou',
  'amos',
  'emos',
  'imos',
  'aram',
  'eram',
  'iram',
  'i',
  'eu',
  'iu',
  'ou',
  'a',
  'am',
  'o',
  '',
];
/** present forms that state a settled fact only for a few state verbs ("fica marcado", "fica para sábado") */
const STATE_ONLY_ENDINGS = new Set(['a', 'am', 'o', '']);
const STATE_STEMS = new Set(['fic', 'pus', 'botei', 'joguei']);

export interface VerbHit {
  kind: ChangeKind;
  strong: boolean;
}

const ALL_STEMS = VERB_FAMILIES.flatMap((family) => family.stems.map((stem) => ({ stem, family }))).sort(
  (a, b) => b.stem.length - a.stem.length,
);

/**
 * The change a token states as settled, if any: "agendado", "marquei", "cancelou",
 * "remarcamos", "mudei", "ficou". Infinitives, gerunds, futures and subjunctives
 * ("agendar", "marcando", "agendarei", "marque") are not settled and answer null.
 */
export function settledVerbOf(token: string): VerbHit | null {
  for (const { stem, family } of ALL_STEMS) {
    if (!token.startsWith(stem)) continue;
    const ending = token.slice(stem.length);
    if (!SETTLED_ENDINGS.includes(ending)) continue;
    if (STATE_ONLY_ENDINGS.has(ending) && !STATE_STEMS.has(stem)) continue;
    return { kind: family.kind, strong: family.strong };
  }
  return null;
}

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
]);

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

/** "consegui agendar", "acabei de marcar": a past auxiliary before an infinitive of a change verb settles it. */
export const PAST_AUXILIARIES = new Set(['consegui', 'conseguimos', 'conseguiu', 'acabei', 'acabamos', 'acabou']);

/** The infinitive of a change verb ("agendar", "remarcar", "mudar"), for "consegui agendar". */
export function infinitiveOf(token: string): VerbHit | null {
  const match = /^(.+?)(?:ar|er|ir)$/.exec(token);
  if (!match?.[1]) return null;
  const family = VERB_FAMILIES.find((candidate) => candidate.stems.includes(match[1] as string));
  return family ? { kind: family.kind, strong: family.strong } : null;
}
