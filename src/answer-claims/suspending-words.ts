import { settledVerbOf } from './change-verbs.js';
import { auxiliaryHit, FUTURES, gotASlotAt } from './claim-idioms.js';
import { COMING_VERBS, COPULAS_OF_A_RULE, isInfinitive, NEGATIONS, SUSPENDERS } from './claim-lexicon.js';
import { APPOINTMENT_NOUNS } from './claim-nouns.js';
import { reportsCustomersWordsAt } from './sentence-scopes.js';
import { findTimeExpressions, type TimeExpressions } from './time-expressions.js';

/**
 * Where a sentence stops stating: the words after which a change is only offered, asked,
 * conditional or intended, and the phrases in which the same words are part of a statement.
 */

/**
 * Whether the word at index suspends the rest of the sentence (an offer, a question, a
 * condition, availability, intention). It does not in phrases where the same word is part of
 * a settled statement: "pode vir" (an invitation), "pode ficar tranquila" (reassurance),
 * "conseguimos te colocar" (a past auxiliary), "passou a ser" (a move), and right after a
 * negation ("não existe mais"), where the negation already covers its own clause.
 */
export function suspendsAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (isConditionalMood(token)) return true;
  // "ao clicar em Confirmar, seu horário fica reservado": "ao" and an infinitive open a condition, a rule follows
  if (token === 'ao' && isInfinitive(tokens[index + 1]) && tokens.slice(index + 2).some((next) => COPULAS_OF_A_RULE.has(next))) return true;
  // "pode considerar: horário confirmado": told to take what follows as stated
  if ((token === 'pode' || token === 'podes') && tokens[index + 1] === 'considerar') return false;
  if (reportsCustomersWordsAt(tokens, index)) return true;
  if (!SUSPENDERS.has(token) || isNotASuspenderHere(tokens, index)) return false;
  // "sua consulta de retorno": the follow-up appointment, not "I'll get back to you"
  if (token === 'retorno' && tokens[index - 1] === 'de' && APPOINTMENT_NOUNS.has(tokens[index - 2] as string)) return false;
  if (COMING_VERBS.has(tokens[index + 1] as string)) return false;
  // "a confirmação do pagamento já saiu": the awaited answer, come, is the subject of what it states
  if (ARRIVED_ANSWERS.has(token) && arrivedAt(tokens, index)) return false;
  if (isReassuranceAt(tokens, index)) return false;
  if (auxiliaryHit(tokens, index) !== null || gotASlotAt(tokens, index) !== null) return false;
  if (token === 'ser' && tokens[index - 1] === 'a' && tokens[index - 2]?.startsWith('pass')) return false;
  if (isFutureCopulaOfAWhen(tokens, index)) return false;
  // "ficou assim: sexta às 10h": "assim" opens a condition only as "assim que"
  if (token === 'assim' && tokens[index + 1] !== 'que') return false;
  // "olha só", "veja só": an interjection, not "only"; "mantive só o corte": "only" before what it limits
  if (token === 'so' && (tokens[index - 1] === 'olha' || tokens[index - 1] === 'veja' || ARTICLES.has(tokens[index + 1] as string)))
    return false;
  if (isFutureStateAt(tokens, index)) return false;
  if (isPlaceInTimeAt(tokens, index)) return false;
  return !NEGATIONS.has(tokens[index - 1] as string);
}

const DETERMINERS_OF_A_NOUN = new Set([
  'seu',
  'sua',
  'nesse',
  'neste',
  'nesse',
  'desse',
  'deste',
  'esse',
  'este',
  'no',
  'o',
  'todo',
  'cada',
]);
const MODALS = new Set(['precisa', 'precisar', 'pode', 'vai', 'deve', 'tem', 'quer', 'consegue']);
/** Failure words: their suspension ends at a "mas" ("deu um erro, mas a remarcação foi concluída"). */
export const FAILURES = new Set(['erro', 'problema', 'problemas', 'infelizmente']);

/**
 * "no seu caso": the noun, not the condition "caso"; "precisa se preocupar": the reflexive, not
 * the condition "se"; "uai, sô,": an interjection, not "only"; "não houve problema nenhum": a
 * failure denied.
 */
function isNotASuspenderHere(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  const next = tokens[index + 1];
  if (token === 'caso') return DETERMINERS_OF_A_NOUN.has(tokens[index - 1] as string);
  if (token === 'se') return MODALS.has(tokens[index - 1] as string) && isInfinitive(next);
  if (token === 'so') return next === undefined || next === ',' || next === '!';
  if (!FAILURES.has(token)) return false;
  return next === 'nenhum' || next === 'algum' || tokens.slice(Math.max(0, index - 3), index).some((word) => NEGATIONS.has(word));
}

const ARRIVED_ANSWERS = new Set(['confirmacao', 'resposta', 'retorno']);
const ARRIVED = new Set(['saiu', 'chegou', 'veio']);

/** An awaited answer followed in its clause, within six words, by "já saiu", "chegou", "veio". */
function arrivedAt(tokens: readonly string[], index: number): boolean {
  for (let at = index + 1; at < Math.min(tokens.length, index + 7) && tokens[at] !== ','; at++)
    if (ARRIVED.has(tokens[at] as string)) return true;
  return false;
}

/** "do seu", "da Ana", "das 10h", "disso": what "depois"/"antes" places a time after or before. */
const OF_SOMETHING = new Set(['do', 'da', 'dos', 'das', 'disso', 'dele', 'dela', 'deles', 'delas']);

/**
 * "para logo depois do seu, às 11h30", "antes da escova": "depois"/"antes" with "do"/"da" place
 * a time next to another, they open no condition (that is "depois que", "depois de pagar").
 */
function isPlaceInTimeAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  return (token === 'depois' || token === 'antes') && OF_SOMETHING.has(tokens[index + 1] as string);
}

/** Nouns that end like a conditional verb: "a barbearia", "a secretaria". */
const NOT_CONDITIONALS = new Set(['barbearia', 'secretaria', 'padaria', 'galeria', 'maria', 'perfumaria', 'sorveteria', 'joalheria']);

/** "ficaria agendado", "eu teria marcado", "seria ótimo": the conditional mood is hypothetical, never a fact. */
function isConditionalMood(token: string): boolean {
  return token.length >= 5 && /(?:a|e|i)ria(?:m|mos)?$/.test(token) && !NOT_CONDITIONALS.has(token);
}

const CALM = new Set(['tranquila', 'tranquilo', 'tranquilas', 'tranquilos', 'sossegada', 'sossegado', 'calma', 'calmo', 'despreocupada']);
const MAY = new Set(['pode', 'podem', 'podes']);

/** What may follow "pode deixar" when it means "leave it to me": "pode deixar que já cancelei", "pode deixar, …", "pode deixar comigo". */
const LEAVE_IT_TO_ME = new Set(['que', ',', ':', 'comigo']);

/**
 * "pode ficar tranquila", "pode relaxar", "pode deixar que já cancelei": reassurance around a
 * statement, not an offer. "Pode deixar marcado?", "pode deixar a sua preferência" still offer.
 */
function isReassuranceAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (MAY.has(token)) {
    const next = tokens[index + 1];
    if (next === 'deixar') return tokens[index + 2] === undefined || LEAVE_IT_TO_ME.has(tokens[index + 2] as string);
    return next === 'relaxar' || (next === 'ficar' && CALM.has(tokens[index + 2] as string));
  }
  return token === 'ficar' && MAY.has(tokens[index - 1] as string) && CALM.has(tokens[index + 1] as string);
}

/** Words that open a when or where after a copula: "vai ser na quinta", "vai ser às 11h", "vai ser dia 10". */
const WHEN_OPENERS = new Set(['na', 'no', 'as', 'em', 'dia', 'para', 'pra', 'pro']);

/**
 * "vai ser na quinta às 16h": the future copula says when something is, it is no purpose
 * ("para a reserva ser efetivada") and no promise of a change ("vai ser confirmado").
 */
function isFutureCopulaOfAWhen(tokens: readonly string[], index: number): boolean {
  return tokens[index] === 'ser' && FUTURES.has(tokens[index - 1] as string) && WHEN_OPENERS.has(tokens[index + 1] as string);
}

/** "só o corte", "só a de quarta", "só um horário": articles after "só" that make it "only". */
const ARTICLES = new Set(['o', 'a', 'os', 'as', 'um', 'uma']);

/**
 * "já vai ficar marcado pra sexta", "vai estar confirmado": the future of a state with a
 * participle after it is a promise that the change stands (no purpose: "para a reserva ficar
 * confirmada"). The participle must be a settled form of a change verb.
 */
function isFutureStateAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (token !== 'ficar' && token !== 'estar') return false;
  if (!FUTURES.has(tokens[index - 1] as string) && !(tokens[index - 1] === 'ja' && FUTURES.has(tokens[index - 2] as string))) return false;
  const next = tokens[index + 1] === 'tudo' ? tokens[index + 2] : tokens[index + 1];
  return next !== undefined && /(?:ad|id)(?:o|a|os|as)$/.test(next) && settledVerbOf(next) !== null;
}

/**
 * "Sexta às 15h? Feito!": a question that only names a slot (a clock time, with or without
 * a day, and nothing that offers or asks for a choice), echoed before a "done" mark that
 * settles it. Its times and days, or null. "Quer sexta às 15h?", "Pode ser sexta às 15h?"
 * offer, and "Amanhã? Perfeito!" names no slot yet: they answer null.
 */
export function echoedSlotOf(tokens: readonly string[]): TimeExpressions | null {
  if (tokens.some((token, index) => suspendsAt(tokens, index) || NEGATIONS.has(token))) return null;
  const when = findTimeExpressions(tokens);
  return when.times.length > 0 ? when : null;
}
