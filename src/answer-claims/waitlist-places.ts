import { CUSTOMER_WORDS } from './agenda-states.js';
import { RELATIONS } from './claim-actors.js';
import { DESTINATIONS } from './claim-idioms.js';
import { NEGATIONS } from './claim-lexicon.js';
import { WAITLISTS } from './claim-nouns.js';
import { findTimeExpressions } from './time-expressions.js';

/** "a fila de sábado", "a lista do dia 12". */
const OF = new Set(['de', 'do', 'da']);

/**
 * The customer on a waitlist: put there, kept there, or named as its entry. A place on a
 * waitlist books nothing, but only a successful `entrar_lista_espera` (or a place the customer
 * holds) backs a statement of it.
 */

/** Words that end what a verb acts on: a clause break or a second verb's conjunction. */
const OBJECT_ENDS = new Set([',', ':', 'e', 'mas', 'porem']);

/**
 * "coloquei seu nome na lista de espera para sábado": a weak booking verb that puts the customer
 * on a waitlist books nothing (its day is the day waited for). The waitlist must be what the verb
 * acts on: "coloquei você na lista de espera e já te encaixei às 10h" still books.
 */
export function ontoAWaitlistAt(tokens: readonly string[], index: number): boolean {
  let end = index + 1;
  while (end < tokens.length && !OBJECT_ENDS.has(tokens[end] as string)) end++;
  const object = tokens.slice(index + 1, end);
  return object.some((token, at) => WAITLISTS.has(token) && object[at + 1] === 'de' && object[at + 2] === 'espera');
}

/**
 * What puts or keeps the customer on a waitlist, before the list's noun in its clause: an act
 * ("coloquei", "incluí", "anotei", "deixei", "entrou"), a record of it ("inscrição",
 * "registrada"), or a state ("está", "continua", "é a segunda").
 */
const ONTO_A_LIST = new Set([
  'coloquei',
  'colocado',
  'colocada',
  'botei',
  'pus',
  'inclui',
  'incluido',
  'incluida',
  'adicionei',
  'adicionado',
  'adicionada',
  'anotei',
  'anotado',
  'anotada',
  'inscrevi',
  'inscrito',
  'inscrita',
  'inscricao',
  // "sua inclusão na lista de espera", "garanti seu lugar na lista de espera"
  'inclusao',
  'garanti',
  'garantimos',
  'reservei',
  'reservamos',
  'registrei',
  'registrado',
  'registrada',
  'deixei',
  'salvei',
  'entrou',
  'entrei',
  // the same acts in the third person or the plural: "o sistema te adicionou", "V.Sa. foi inserido"
  'colocou',
  'colocamos',
  'incluiu',
  'incluimos',
  'adicionou',
  'adicionamos',
  'inseri',
  'inseriu',
  'inserimos',
  'inserido',
  'inserida',
  'anotou',
  'anotamos',
  'registrou',
  'registramos',
  'inscreveu',
]);
/** A state of being on the list: its subject must be the customer ("você está", "seu pedido está") or open the clause ("Tá na lista!"). */
const ON_A_LIST = new Set(['esta', 'ta', 'e', 'continua', 'segue', 'fica', 'ficou', 'permanece']);

/**
 * "Coloquei seu nome na lista de espera para sábado", "você entrou na fila de espera", "você é
 * a segunda da fila de espera", "Tá na lista!": the customer stated as on a waitlist, which only a
 * successful `entrar_lista_espera` of this run, or an entry the customer has, backs. The list is
 * a "lista"/"fila" followed by "de espera" (or ending a short sentence: "Tá na lista!"), with an
 * act, a record or the customer's state before it in the same clause and no negation there.
 * `tokens` are the sentence's tokens outside offers and questions (see claimOfSentence).
 */
export function placedOnAWaitlist(tokens: readonly string[]): boolean {
  let clauseStart = 0;
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as string;
    if (OBJECT_ENDS.has(token) && token !== 'e') clauseStart = index + 1;
    if (!WAITLISTS.has(token)) continue;
    const waiting = tokens[index + 1] === 'de' && tokens[index + 2] === 'espera';
    const lone = index === tokens.length - 1 && tokens.length <= 4;
    // "tá na fila pra amanhã": the list of a day
    const ofADay =
      (DESTINATIONS.has(tokens[index + 1] as string) || OF.has(tokens[index + 1] as string)) &&
      findTimeExpressions(tokens.slice(index + 2, index + 4)).days.length > 0;
    if (!waiting && !lone && !ofADay) continue;
    // "📝 Lista de espera – quinta 03/12 – Ana ✅": the list's entry, checked
    if (waiting && tokens.includes('__check__') && !tokens.some((candidate) => NEGATIONS.has(candidate))) return true;
    const clause = tokens.slice(clauseStart, index);
    if (clause.some((candidate) => NEGATIONS.has(candidate)) || negatedAfterTheList(tokens, index + 1)) continue;
    if (clause.some((candidate) => ONTO_A_LIST.has(candidate))) return true;
    if (waiting && settledAfterTheList(tokens, index + 3)) return true;
    const stateAt = clause.findIndex((candidate) => ON_A_LIST.has(candidate));
    if (stateAt < 0) continue;
    // "A Ana, sua filha, está na lista de espera": a relation named before the clause is its subject
    if (stateAt === 0 && tokens.slice(0, clauseStart).some((candidate) => RELATIONS.has(candidate))) continue;
    if (stateAt === 0 || clause.slice(0, stateAt).some((candidate) => CUSTOMER_WORDS.has(candidate) || candidate === 'pedido')) return true;
  }
  return false;
}

/** A place on the list settled after its noun: "sua inclusão na lista de espera foi feita", "seu lugar na fila de espera está garantido". */
const SETTLED_PLACES = new Set([
  'feita',
  'feito',
  'confirmada',
  'confirmado',
  'garantido',
  'garantida',
  'registrada',
  'registrado',
  'efetuada',
  'efetuado',
  'realizada',
  'realizado',
]);

/**
 * What settles a place after the list's noun: a participle in the list's own clause ("… de
 * sábado foi feita com sucesso"), or the customer "dentro" anywhere after it ("⏳ Lista de espera
 * — sábado: você está dentro!"); never under a negation.
 */
/** "sua inclusão na lista de espera não foi feita": a negation in the list's own clause, after it. */
function negatedAfterTheList(tokens: readonly string[], from: number): boolean {
  const rest = tokens.slice(from);
  const end = rest.findIndex((candidate) => OBJECT_ENDS.has(candidate));
  return (end < 0 ? rest : rest.slice(0, end)).some((candidate) => NEGATIONS.has(candidate));
}

function settledAfterTheList(tokens: readonly string[], from: number): boolean {
  const rest = tokens.slice(from);
  if (rest.some((candidate) => NEGATIONS.has(candidate))) return false;
  const inside = rest.findIndex(
    (candidate, at) => candidate === 'dentro' && ON_A_LIST.has(rest[at - 1] as string) && CUSTOMER_WORDS.has(rest[at - 2] as string),
  );
  if (inside >= 0) return true;
  const end = rest.findIndex((candidate) => OBJECT_ENDS.has(candidate));
  return (end < 0 ? rest : rest.slice(0, end)).some((candidate) => SETTLED_PLACES.has(candidate));
}

/**
 * "Sua inscrição na lista de espera foi registrada": a weak booking verb whose subject is the
 * waitlist place (the list named before it, nothing but its own words in between: no clause
 * break, no "e") records that place, not a booking (index is the verb).
 */
export function waitlistBeforeAt(tokens: readonly string[], index: number): boolean {
  for (let at = index - 1; at >= 1; at--) {
    const token = tokens[at] as string;
    if (OBJECT_ENDS.has(token)) return false;
    if (token === 'espera' && tokens[at - 1] === 'de' && WAITLISTS.has(tokens[at - 2] as string)) return true;
  }
  return false;
}

/**
 * A sentence's waitlist phrases (the list's noun to the end of its object) and the rest: "Você
 * entrou na lista de espera de sábado e seu horário de sexta às 10h continua garantido" waits
 * for Saturday and books Friday.
 */
export function splitWaitlistPhrases(tokens: readonly string[]): { phrases: string[]; rest: string[] } {
  const phrases: string[] = [];
  const rest: string[] = [];
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as string;
    if (!WAITLISTS.has(token) || tokens[index + 1] !== 'de' || tokens[index + 2] !== 'espera') {
      rest.push(token);
      continue;
    }
    phrases.push(token);
    // "na lista de espera de sexta e de sábado": a second day joined by "e de" is the list's too
    const goesOn = (at: number) =>
      !OBJECT_ENDS.has(tokens[at] as string) ||
      (tokens[at] === 'e' && (OF.has(tokens[at + 1] as string) || DESTINATIONS.has(tokens[at + 1] as string)));
    while (index + 1 < tokens.length && goesOn(index + 1)) phrases.push(tokens[++index] as string);
  }
  return { phrases, rest };
}
