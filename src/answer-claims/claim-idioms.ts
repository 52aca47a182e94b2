import { type ChangeKind, infinitiveOf, PAST_AUXILIARIES, type VerbHit } from './change-verbs.js';
import { APPOINTMENT_NOUNS, CHANGE_NOUNS, SERVICE_NOUNS, STANDING_PHRASES } from './claim-nouns.js';
import { findTimeExpressions } from './time-expressions.js';

/**
 * Phrases that state or suspend a change through more than one word: each detector looks at
 * the sentence's tokens around one position and answers for that position only.
 */

/** What a move goes to: "para sábado", "pra quinta", "pro dia 5". */
export const DESTINATIONS = new Set(['para', 'pra', 'pro', 'pras', 'pros']);

/** The customer's: "seu horário", "é todo seu", "agora o seu horário é". */
export const POSSESSIVES = new Set(['seu', 'sua', 'teu', 'tua', 'seus', 'suas']);

/** Words between an auxiliary and its infinitive: "acabei de", "deu pra", "consegui te", "conseguimos lhe". */
const LINKS = new Set(['de', 'pra', 'para']);
const CLITICS = new Set(['te', 'lhe', 'o', 'a', 'os', 'as', 'vc', 'voce']);

/** "consegui agendar", "acabei de te marcar", "deu pra te encaixar": a past auxiliary settles the change verb after it. */
export function auxiliaryHit(tokens: readonly string[], index: number): VerbHit | null {
  const token = tokens[index] as string;
  const isAuxiliary = PAST_AUXILIARIES.has(token) || (token === 'deu' && LINKS.has(tokens[index + 1] as string));
  if (!isAuxiliary) return null;
  let next = index + 1;
  if (LINKS.has(tokens[next] as string)) next++;
  if (CLITICS.has(tokens[next] as string)) next++;
  const infinitive = tokens[next];
  return infinitive ? infinitiveOf(infinitive) : null;
}

/** "consegui um horário", "conseguimos uma vaga": getting a slot for the customer is booking it. */
export function gotASlotAt(tokens: readonly string[], index: number): VerbHit | null {
  if (!PAST_AUXILIARIES.has(tokens[index] as string)) return null;
  const object = tokens.slice(index + 1, index + 3);
  return object.some((token) => APPOINTMENT_NOUNS.has(token)) ? { kind: 'booked', strong: false } : null;
}

/** "seu horário passou a ser às 15h", "sua escova passa a ser na sexta": the appointment becomes another one, a move. */
export function becomesAt(tokens: readonly string[], index: number): VerbHit | null {
  const token = tokens[index] as string;
  if (!token.startsWith('pass') || tokens[index + 1] !== 'a' || tokens[index + 2] !== 'ser') return null;
  // the present ("passa a ser") also states new rules ("o horário passa a ser das 9h às 19h"): only about the customer's
  if (token !== 'passou' && !tokens.some((candidate) => POSSESSIVES.has(candidate))) return null;
  return { kind: 'rescheduled', strong: false };
}

/** "está de pé", "no seu nome", "bati o martelo", "saiu da agenda": a phrase ending at this token. */
export function standingPhraseAt(tokens: readonly string[], index: number): VerbHit | null {
  const phrase = STANDING_PHRASES.find(
    (candidate) =>
      candidate.last === tokens[index] && candidate.before.every((words, back) => words.has(tokens[index - 1 - back] as string)),
  );
  return phrase ? { kind: phrase.kind, strong: false } : null;
}

/**
 * "já é seu", "é todo seu", "agora é sua": the slot belongs to the customer. The possessive
 * ends its clause (not "é seu horário?"); like a weak verb it needs a time, a day or a noun.
 */
export function possessionAt(tokens: readonly string[], index: number): VerbHit | null {
  if (!POSSESSIVES.has(tokens[index] as string)) return null;
  const after = tokens[index + 1];
  if (after !== undefined && after !== ',' && after !== ':' && after !== 'e') return null;
  const back = tokens[index - 1] === 'todo' || tokens[index - 1] === 'toda' ? index - 2 : index - 1;
  return tokens[back] === 'e' ? { kind: 'booked', strong: false } : null;
}

/** A form of passar moves something only towards somewhere: "passei para sábado", "passou a ser às 15h". */
export function movesSomewhere(tokens: readonly string[], index: number): boolean {
  const rest = tokens.slice(index + 1);
  return rest.some((next) => DESTINATIONS.has(next)) || (rest[0] === 'a' && rest[1] === 'ser');
}

/** "seu corte foi pra sábado", "foi para as 15h": "foi" with a destination that is a day or a time. */
export function wentToAt(tokens: readonly string[], index: number): VerbHit | null {
  if (tokens[index] !== 'foi' && tokens[index] !== 'foram') return null;
  if (!DESTINATIONS.has(tokens[index + 1] as string)) return null;
  const target = findTimeExpressions(tokens.slice(index + 2, index + 5));
  return target.times.length + target.days.length > 0 ? { kind: 'rescheduled', strong: false } : null;
}

/** "vai ser", "vão ficar": the future auxiliaries. */
export const FUTURES = new Set(['vai', 'vao']);

const NOW_COPULAS = new Set(['e', 'sera', 'fica', 'ficou']);

/**
 * "agora o seu horário é quinta às 17h", "sua hidratação agora vai ser na quinta": the
 * customer's appointment now stands elsewhere, a move (never a repeat of one the customer
 * has). Needs "agora", a possessive before an appointment noun or a service, and a copula in
 * the clause (the next one when "agora" ends its own: "a partir de agora, seu horário é…");
 * the caller requires a time or a day.
 */
export function nowStandsAt(tokens: readonly string[], index: number): ChangeKind | null {
  if (tokens[index] !== 'agora') return null;
  const clause = tokens[index + 1] === ',' ? clauseAround(tokens, index + 2) : clauseAround(tokens, index);
  const owned = clause.some((token, at) => {
    const next = clause[at + 1] as string;
    return POSSESSIVES.has(token) && (APPOINTMENT_NOUNS.has(next) || SERVICE_NOUNS.has(next));
  });
  const copula = clause.some((token, at) => NOW_COPULAS.has(token) || (token === 'ser' && FUTURES.has(clause[at - 1] as string)));
  return owned && copula ? 'rescheduled' : null;
}

/** "seu novo horário: quinta, 15h30": a new appointment of the customer's, a move. The caller requires a time or a day. */
export function newSlotAt(tokens: readonly string[], index: number): ChangeKind | null {
  const token = tokens[index] as string;
  if (token !== 'novo' && token !== 'nova') return null;
  return POSSESSIVES.has(tokens[index - 1] as string) && APPOINTMENT_NOUNS.has(tokens[index + 1] as string) ? 'rescheduled' : null;
}

const NOTING_STEMS = ['anot', 'registr', 'regist', 'guard', 'cadastr'];
/** What noting a detail records: "anotei sua preferência", "registrei seu interesse", "anotei que…". */
const NOTED_DETAILS = new Set([
  'que',
  'preferencia',
  'preferencias',
  'interesse',
  'pedido',
  'pedidos',
  'solicitacao',
  'solicitacoes',
  'desejo',
  'observacao',
  'recado',
  'nome',
  'telefone',
  'dados',
  'contato',
  'email',
]);
const SKIPPABLE = new Set(['sua', 'seu', 'suas', 'seus', 'a', 'o', 'aqui', 'ai', 'tambem']);

/** "anotei sua preferência por horários de manhã": noting a detail is not booking the time it mentions. */
export function notesADetailAt(tokens: readonly string[], index: number): boolean {
  const token = tokens[index] as string;
  if (!NOTING_STEMS.some((stem) => token.startsWith(stem))) return false;
  const next = tokens.slice(index + 1).find((candidate) => !SKIPPABLE.has(candidate));
  return next !== undefined && NOTED_DETAILS.has(next);
}

/** The words that place what they name: "excluí a escova", "passei o seu corte", "remarquei sua hidratação". */
const DETERMINERS = new Set(['o', 'a', 'os', 'as', ...POSSESSIVES]);

/**
 * "Excluí a escova", "passei o corte pras 17h": a change verb whose object is a service the
 * customer books names the appointment, as an appointment noun would ("o corte fica R$ 50"
 * has no change verb and states a price).
 */
export function namesAServiceAt(tokens: readonly string[], index: number): boolean {
  // "a Bia desfez a escova": a third person working on a service, not a change to the appointment
  if (/(?:ou|eu|iu|ez|aram|eram|iram)$/.test(tokens[index] as string)) return false;
  let next = index + 1;
  if (DETERMINERS.has(tokens[next] as string)) next++;
  if (POSSESSIVES.has(tokens[next] as string)) next++;
  return SERVICE_NOUNS.has(tokens[next] as string);
}

const DID = new Set(['fiz', 'fizemos']);
const GAVE = new Set(['dei', 'demos']);

/**
 * "fiz seu agendamento", "fizemos a troca do seu horário": doing an appointment or a change (a
 * weak booking, a change with its noun). "Confirmo: seu horário é sexta às 10h", "confirmo seu
 * horário": a performative present, the confirmation made in saying it (in a question it offers).
 */
export function didAt(tokens: readonly string[], index: number): VerbHit | null {
  const token = tokens[index] as string;
  if (token === 'confirmo' && tokens[index + 1] === ':') return { kind: 'booked', strong: true };
  // "dei entrada no seu agendamento": entering it in the agenda
  const gaveEntry = GAVE.has(token) && tokens[index + 1] === 'entrada';
  if (!DID.has(token) && token !== 'confirmo' && !gaveEntry) return null;
  let next = gaveEntry ? index + 2 : index + 1;
  if (gaveEntry && (tokens[next] === 'no' || tokens[next] === 'na' || tokens[next] === 'em')) next++;
  if (DETERMINERS.has(tokens[next] as string)) next++;
  if (POSSESSIVES.has(tokens[next] as string)) next++;
  const object = tokens[next] as string;
  if (!APPOINTMENT_NOUNS.has(object) && !CHANGE_NOUNS.has(object)) return null;
  return { kind: 'booked', strong: token === 'confirmo' };
}

/** What "confirmei" checks with: "confirmei com a Bia", "confirmei que ela atende", "a Bia confirmou se tem vaga". */
const CHECKED_WITH = new Set(['com', 'que', 'se']);
const CHECKS = new Set(['confirmei', 'confirmamos', 'confirmou', 'confirmaram']);
/** "Confirmado que a Bia atende sábado": a fact confirmed, what follows "que" states it. */
const FACT_CONFIRMED = new Set(['confirmado', 'confirmada', 'confirmadissimo']);

/** "Confirmei com a Bia: ela tem sexta às 10h", "a Bia confirmou que atende sábado": a check, it booked nothing. */
export function checksAt(tokens: readonly string[], index: number): boolean {
  if (FACT_CONFIRMED.has(tokens[index] as string) && tokens[index + 1] === 'que') return true;
  return CHECKS.has(tokens[index] as string) && CHECKED_WITH.has(tokens[index + 1] as string);
}

/** The tokens of the clause around index (between commas or colons). */
export function clauseAround(tokens: readonly string[], index: number): readonly string[] {
  const isBreak = (token: string) => token === ',' || token === ':';
  let start = index;
  while (start > 0 && !isBreak(tokens[start - 1] as string)) start--;
  let end = index;
  while (end < tokens.length && !isBreak(tokens[end] as string)) end++;
  return tokens.slice(start, end);
}

/** Copulas of a state reached: "está fixo", "ficaram fixas", "já estão feitos", "deixei fixo". */
const STATE_REACHED = new Set(['esta', 'ta', 'estao', 'tao', 'ficou', 'ficaram', 'fica', 'ficam', 'foi', 'foram', 'deixei', 'deixamos']);
/** Words a state may come after its copula with: "já está todo agendado", "estão todos fixos". */
const STATE_FILLERS = new Set(['ja', 'todo', 'toda', 'todos', 'todas', 'tudo', 'bem', 'devidamente']);
/** States of an appointment that say it stands: fixed in the agenda, or done ("já estão feitos"; "são feitas" is a rule). */
const STANDING_STATES = new Set(['fixo', 'fixa', 'fixos', 'fixas', 'feitos', 'feitas']);

/** Whether the word at index comes right after a copula of a state reached (fillers between). */
export function afterAStateCopula(tokens: readonly string[], index: number): boolean {
  let at = index - 1;
  while (at > 0 && STATE_FILLERS.has(tokens[at] as string)) at--;
  return at >= 0 && at < index && STATE_REACHED.has(tokens[at] as string);
}

/**
 * "seu corte quinzenal está fixo na agenda", "suas sessões ficaram fixas às segundas", "seu
 * horário já está feito": an appointment in a standing state, a weak booking (it needs a time,
 * a day or a noun; "horário fixo", with no copula, is a kind of slot).
 */
export function standingStateAt(tokens: readonly string[], index: number): VerbHit | null {
  if (!STANDING_STATES.has(tokens[index] as string)) return null;
  return afterAStateCopula(tokens, index) ? { kind: 'booked', strong: false } : null;
}

const LISTED = new Set(['consta', 'constam']);
/** "já aparece o cancelamento": what shows in the system, only as a change (an appointment that shows may be a free one). */
const SHOWN = new Set(['aparece', 'aparecem']);

/**
 * "Consta aqui o seu agendamento pra sábado", "seu horário consta na agenda": the appointment
 * stated as listed, a weak booking (an appointment noun within four words either side).
 */
export function listedAt(tokens: readonly string[], index: number): VerbHit | null {
  const around = [...tokens.slice(Math.max(0, index - 3), index), ...tokens.slice(index + 1, index + 5)];
  // "aqui no sistema já aparece o cancelamento da sua consulta": a change noun within three words after it
  if (SHOWN.has(tokens[index] as string))
    return tokens.slice(index + 1, index + 4).some((token) => CHANGE_NOUNS.has(token)) ? { kind: 'booked', strong: false } : null;
  if (!LISTED.has(tokens[index] as string)) return null;
  return around.some((token) => APPOINTMENT_NOUNS.has(token)) ? { kind: 'booked', strong: false } : null;
}
