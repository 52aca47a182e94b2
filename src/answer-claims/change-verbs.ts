/**
 * The verb families behind "something was changed": stems per kind of change and the
 * endings that make a settled form of them (participle, first-person or third-person past,
 * diminutive participle). Accent-free and lower case, like the tokens.
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
  /**
   * settled forms whose stem changes ("desfiz", "desfez", "desfeito"): whole words, matched
   * as written. A stem with no ending of its own would read as a present form and never fire.
   */
  irregular?: string[];
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
      // completion verbs: "agenda atualizada", "lancei seu corte", "acertei seu horário"
      'atualiz',
      'lanc',
      'acert',
      'efetiv',
      // "arrumei um horário", "agenda ajustada", "vaga assegurada", "salvei seu horário"
      'arrum',
      'ajust',
      'assegur',
      'salv',
      // "já está tudo organizado para a sua coloração de quarta às 14h"
      'organiz',
      // "seu pacote de 10 sessões está ativado", "seu horário fixo foi renovado para dezembro"
      'ativ',
      'renov',
      // "seu horário foi criado no sistema", "cadastrei sua sessão", "inseri você na agenda", "sessão programada"
      'cri',
      'cadastr',
      'inser',
      'program',
      // "ajeitei seu horário", "travei a vaga pra você"
      'ajeit',
      'trav',
    ],
  },
  { kind: 'cancelled', strong: true, stems: ['cancel', 'desmarc', 'desmarqu', 'desagend'] },
  {
    kind: 'cancelled',
    strong: false,
    stems: ['exclu', 'remov', 'apag', 'apagu', 'tir', 'liber', 'anul', 'retir', 'delet', 'suspend'],
    // "desfiz o agendamento", "reserva desfeita": desfazer changes its stem in the past
    irregular: ['desfiz', 'desfez', 'desfizemos', 'desfizeram', 'desfeito', 'desfeita', 'desfeitos', 'desfeitas'],
  },
  { kind: 'rescheduled', strong: true, stems: ['remarc', 'remarqu', 'reagend', 'reprogram'] },
  {
    kind: 'rescheduled',
    strong: false,
    stems: [
      'mud',
      'alter',
      'troc',
      'troqu',
      'pass',
      'transfer',
      'adi',
      'antecip',
      'mov',
      'jog',
      'joguei',
      'empurr',
      'realoc',
      'reloc',
      // "adiantei sua massagem", "posterguei", "puxei pra 14h", "desloquei", "realoquei", "reorganizei", "substituí"
      'adiant',
      'posterg',
      'postergu',
      'prorrog',
      'prorrogu',
      'pux',
      'desloc',
      'desloqu',
      'realoqu',
      'reorganiz',
      'substitu',
    ],
  },
];

/** Endings of a settled form: participles (-ado, -ido, -adinho, -adíssimo), 1st/3rd person past (-ei, -ou, -amos, -i, -eu, -iu, -aram). */
const SETTLED_ENDINGS = [
  'ado',
  'ada',
  'ados',
  'adas',
  'adinho',
  'adinha',
  'adissimo',
  'adissima',
  'idissimo',
  'idissima',
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
const IRREGULAR_FORMS = new Map(VERB_FAMILIES.flatMap((family) => (family.irregular ?? []).map((form) => [form, family] as const)));

/**
 * The change a token states as settled, if any: "agendado", "marquei", "cancelou",
 * "remarcamos", "mudei", "ficou". Infinitives, gerunds, futures and subjunctives
 * ("agendar", "marcando", "agendarei", "marque") are not settled and answer null.
 */
export function settledVerbOf(token: string): VerbHit | null {
  const irregular = IRREGULAR_FORMS.get(token);
  if (irregular) return { kind: irregular.kind, strong: irregular.strong };
  for (const { stem, family } of ALL_STEMS) {
    if (!token.startsWith(stem)) continue;
    const ending = token.slice(stem.length);
    if (!SETTLED_ENDINGS.includes(ending)) continue;
    if (STATE_ONLY_ENDINGS.has(ending) && !STATE_STEMS.has(stem)) continue;
    return { kind: family.kind, strong: family.strong };
  }
  return null;
}

/**
 * "deixo", "marco", "reservo": the present first person of a change verb. In a question it
 * offers the change ("Te deixo marcado para sexta, pode ser?"), it does not state it.
 */
export function isFirstPersonPresent(token: string): boolean {
  return ALL_STEMS.some(({ stem }) => token === `${stem}o`);
}

/** "consegui agendar", "acabei de marcar": a past auxiliary before an infinitive of a change verb settles it. */
export const PAST_AUXILIARIES = new Set(['consegui', 'conseguimos', 'conseguiu', 'acabei', 'acabamos', 'acabou']);

/** The infinitive of a change verb ("agendar", "remarcar", "mudar"), for "consegui agendar". */
export function infinitiveOf(token: string): VerbHit | null {
  const match = /^(.+?)(?:ar|er|ir)$/.exec(token);
  if (!match?.[1]) return null;
  const family = VERB_FAMILIES.find((candidate) => candidate.stems.includes(match[1] as string));
  return family ? { kind: family.kind, strong: family.strong } : null;
}
