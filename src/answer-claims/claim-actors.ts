import { PAST_AUXILIARIES, settledVerbOf } from './change-verbs.js';
import { POSSESSIVES } from './claim-idioms.js';
import { APPOINTMENT_NOUNS } from './claim-nouns.js';

/**
 * Who made a change a sentence reports: the assistant's claims are what it says it (or the
 * business, or the system) did. A third-person past whose subject is the customer ("você
 * cancelou o horário de outubro") or another customer ("a cliente das 10h acabou de
 * confirmar") reports their own act, a past fact the answer does not claim to have made.
 */

/** Third-person past endings: "cancelou", "desmarcaram", "acabou". */
const THIRD_PERSON_PAST = /(?:ou|eu|iu|aram|eram|iram)$/;
const isThirdPersonPast = (token: string) =>
  THIRD_PERSON_PAST.test(token) && (settledVerbOf(token) !== null || PAST_AUXILIARIES.has(token));
/** "ficou" is a copula: "você ficou marcada pra sexta" states the customer's state, which is a claim. */
const isCopula = (token: string) => token.startsWith('fic') || token.startsWith('fiqu');

const CUSTOMER_SUBJECTS = new Set(['voce', 'vc', 'tu']);
/** Words between a subject and its verb: "você já cancelou", "você mesma desmarcou", "você tinha marcado". */
const BETWEEN = new Set(['ja', 'mesma', 'mesmo', 'tinha', 'havia', 'ontem', 'tambem', 'que']);

/**
 * "você cancelou o horário de outubro", "você já tinha remarcado", "vc desmarcou ontem": the
 * customer's own act, a past fact. index is the verb.
 */
export function customersOwnActAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (isCopula(token)) return false;
  let subject = index - 1;
  while (subject > index - 3 && BETWEEN.has(tokens[subject] as string)) subject--;
  if (!CUSTOMER_SUBJECTS.has(tokens[subject] as string)) return false;
  // "O atendimento do Sr. Carlos (você) passou para segunda": "você" names who the appointment's is, the appointment is the subject
  const clauseStart = tokens.slice(0, subject).findLastIndex((token) => token === ',' || token === ':') + 1;
  if (tokens.slice(clauseStart, subject).some((token) => APPOINTMENT_NOUNS.has(token))) return false;
  const afterHad = tokens[index - 1] === 'tinha' || tokens[index - 1] === 'havia';
  return afterHad || isThirdPersonPast(token);
}

/** Marks of a time already gone: "ontem", "semana passada", "da última vez". */
const PAST_TIMES = new Set(['ontem', 'anteontem']);
const PAST_UNITS = new Set(['semana', 'mes', 'ano', 'vez', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado', 'domingo']);
const isPastTimeAt = (tokens: readonly string[], at: number) =>
  PAST_TIMES.has(tokens[at] as string) ||
  ((tokens[at] === 'passada' || tokens[at] === 'passado') && PAST_UNITS.has(tokens[at - 1] as string)) ||
  (tokens[at] === 'vez' && tokens[at - 1] === 'ultima') ||
  ((tokens[at] === 'ultimo' || tokens[at] === 'ultima') && LAST_ONES.has(tokens[at + 1] as string));
/** "seu último agendamento", "sua última visita": an appointment already gone by. */
const LAST_ONES = new Set(['agendamento', 'horario', 'atendimento', 'visita', 'consulta', 'sessao', 'corte']);

/**
 * "a recepção remarcou sua sessão semana passada", "seu horário foi cancelado ontem": a change
 * in a clause placed in the past is history, not this answer's claim. The speaker's own act
 * ("cancelei ontem") still claims: the answer says it made it.
 */
export function historyAt(tokens: readonly string[], index: number): boolean {
  if ((tokens[index] as string).endsWith('ei')) return false;
  let start = index;
  while (start > 0 && tokens[start - 1] !== ',') start--;
  let end = index;
  while (end < tokens.length && tokens[end] !== ',') end++;
  for (let at = start; at < end; at++) if (isPastTimeAt(tokens, at)) return true;
  return false;
}

/** People other than the customer a sentence may report acting: "a cliente das 10h", "outra pessoa", "alguém". */
const OTHER_PEOPLE = new Set([
  'cliente',
  'clientes',
  'pessoa',
  'pessoas',
  'alguem',
  'outra',
  'outro',
  'outras',
  'outros',
  'ela',
  'ele',
  'eles',
  'elas',
]);
const OTHER_CUSTOMERS = new Set(['cliente', 'clientes', 'pessoas', 'outras', 'outros']);
const CUSTOMER_WORDS = new Set([...POSSESSIVES, 'voce', 'vc', 'te', 'lhe', 'tu']);

/**
 * "a cliente das 10h acabou de confirmar", "outra pessoa reservou às 15h": another person's act
 * on their own appointment, when the subject is within four words before the verb and no word of
 * the customer's stands between it and three words after the verb ("ela remarcou seu horário"
 * is still a claim about the customer's).
 */
export function othersActAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (isCopula(token) || !isThirdPersonPast(token)) return false;
  const after = tokens.slice(index + 1, index + 4);
  if (relationsActAt(tokens, index) || ownObjectAt(tokens, index)) return true;
  // "a Bia remarcou todas as clientes de sexta": other customers as what the act changed
  const othersAsObject = after.some((candidate) => OTHER_CUSTOMERS.has(candidate));
  let subject = index - 1;
  while (subject >= Math.max(0, index - 4) && !OTHER_PEOPLE.has(tokens[subject] as string)) subject--;
  if (subject < Math.max(0, index - 4)) {
    if (!othersAsObject) return false;
    subject = index;
  }
  const clauseEnd = after.indexOf(',');
  const span = [...tokens.slice(subject, index), ...(clauseEnd < 0 ? after : after.slice(0, clauseEnd))];
  return !span.some((candidate) => CUSTOMER_WORDS.has(candidate) || candidate === ',');
}

/** "o horário dela", "a sessão dele": an appointment a third person owns. */
const THEIRS = new Set(['dela', 'dele', 'delas', 'deles']);

/**
 * "A Ju já remarcou o horário dela": a third-person act on an appointment the third person owns
 * (the noun within three words after the verb, "dela"/"dele" right after it), no word of the
 * customer's in between.
 */
function ownObjectAt(tokens: readonly string[], index: number): boolean {
  const after = tokens.slice(index + 1, index + 5);
  const owned = after.some((candidate, at) => THEIRS.has(candidate) && at > 0 && APPOINTMENT_NOUNS.has(after[at - 1] as string));
  return owned && !after.some((candidate) => CUSTOMER_WORDS.has(candidate));
}

/**
 * "Seu marido marcou com o Renan às 18h", "sua mãe já remarcou": one of the customer's
 * relations as the subject of a third-person act (within three words before the verb; its
 * possessive is the relation's), no word of the customer's after the verb ("sua mãe remarcou
 * seu horário" is still a claim about the customer's).
 */
function relationsActAt(tokens: readonly string[], index: number): boolean {
  const before = tokens.slice(Math.max(0, index - 3), index);
  if (!before.some((candidate) => RELATIONS.has(candidate)) || before.includes(',')) return false;
  return !tokens.slice(index + 1, index + 4).some((candidate) => CUSTOMER_WORDS.has(candidate));
}

/** The customer's relations, whose bookings are their own: "sua irmã Carol", "a sua mãe", "seu marido". */
export const RELATIONS = new Set([
  'irma',
  'irmao',
  'mae',
  'pai',
  'filha',
  'filho',
  'amiga',
  'amigo',
  'marido',
  'esposa',
  'esposo',
  'namorada',
  'namorado',
  'prima',
  'primo',
  'tia',
  'sobrinha',
  'sogra',
  'cunhada',
  'colega',
]);
/** Plural people whose bookings fill an agenda: "a Bia já tem 8 clientes marcadas". */
const BOOKED_PEOPLE = new Set(['clientes', 'pessoas', 'noivas', 'meninas']);
const PARTICIPLE = /(?:ad|id)(?:o|a|os|as)$/;

/**
 * "Sua irmã Carol já está marcada pra sábado", "a Bia já tem 8 clientes marcadas": a booking
 * participle whose subject is another person (one of the customer's relations, before it in its
 * clause) or other customers (right before it) states their booking, not a change for this
 * customer. A first-person act ("marquei sua irmã") is still the speaker's. index is the participle.
 */
export function othersStateAt(tokens: readonly string[], at: number): boolean {
  // "seu marido ficou marcado": the copula before the participle states the same
  const index = isCopula(tokens[at] as string) && PARTICIPLE.test(tokens[at + 1] ?? '') ? at + 1 : at;
  if (!PARTICIPLE.test(tokens[index] as string)) return false;
  if (BOOKED_PEOPLE.has(tokens[index - 1] as string)) return true;
  let start = index;
  while (start > 0 && tokens[start - 1] !== ',' && tokens[start - 1] !== ':') start--;
  const clause = tokens.slice(start, index);
  const speakersOrCustomers = (token: string) => token.endsWith('ei') || token === 'voce';
  if (clause.some((token) => RELATIONS.has(token))) return !clause.some(speakersOrCustomers);
  // "O horário da sua mãe, Dona Lúcia, está confirmado": the relation before an apposition, the
  // participle's clause with no word of the customer's
  const sentenceStart = tokens.slice(0, start);
  return (
    start > 0 &&
    !sentenceStart.includes(':') &&
    sentenceStart.some((token) => RELATIONS.has(token)) &&
    !sentenceStart.some(speakersOrCustomers) &&
    !clause.some((token) => CUSTOMER_WORDS.has(token))
  );
}
