import { settledVerbOf } from './change-verbs.js';
import { afterAStateCopula, DESTINATIONS, standingStateAt } from './claim-idioms.js';
import { CONDITION_OPENERS, HABIT_MARKS, HABIT_UNITS, isInfinitive } from './claim-lexicon.js';
import { APPOINTMENT_NOUNS, DONE_MARKS, SERVICE_NOUNS } from './claim-nouns.js';

/**
 * Sentences that state no change to the customer's appointments whatever change words they
 * hold: a habit of the business, a rule in the present passive, the venue's opening state,
 * a question about what the customer did. Each is one predicate over a sentence's tokens.
 */

const PLURAL_WEEKDAYS = new Set(['segundas', 'tercas', 'quartas', 'quintas', 'sextas', 'sabados', 'domingos']);

const CUSTOMER_WORDS = new Set(['voce', 'vc', 'te', 'lhe', 'seu', 'sua', 'seus', 'suas', 'teu', 'tua']);

/**
 * "agendei", "desmarquei", "deixei fixo pra você": the first-person past of a change verb is one
 * act, done once, whatever habit words describe the appointments it made ("terças 08/12 e
 * 15/12, sempre às 18h", "toda quinta às 19h"). A weak verb ("deixei", "atualizei") is one act
 * for the customer only with a word of theirs in the sentence ("atualizei a agenda: atendemos
 * todos os sábados" states the business's hours).
 */
function isOneAct(token: string, tokens: readonly string[], index: number): boolean {
  if (!token.endsWith('ei') || token.startsWith('fiqu')) return false;
  const verb = settledVerbOf(token);
  // "deixei reservado toda terça": a weak verb with a strong participle is one act too
  const next = tokens[index + 1];
  const strongNext = next !== undefined && settledVerbOf(next)?.strong === true;
  return verb !== null && (verb.strong || strongNext || tokens.some((candidate) => CUSTOMER_WORDS.has(candidate)));
}

const POSSESSIVES = new Set(['seu', 'sua', 'seus', 'suas', 'teu', 'tua']);
/** Copulas of a state reached: "estão marcadas", "foram agendadas", "ficaram reservadas". */
const REACHED = new Set(['esta', 'estao', 'ta', 'tao', 'foi', 'foram', 'ficou', 'ficaram', 'fica', 'ficam']);

/**
 * "Suas quatro sessões de drenagem estão marcadas: todas as segundas de dezembro, às 7h": the
 * customer's appointments ("suas sessões", a possessive before them) in a state reached with a
 * strong participle are a recurring booking, not a habit ("suas sessões são sempre confirmadas"
 * is the present passive of a rule).
 */
/** "sessões" → "sessao", "aulas" → "aula", "horários" → "horario": a plural's singular, for the noun lists. */
const singularOf = (token: string) => token.replace(/oes$/, 'ao').replace(/ns$/, 'm').replace(/s$/, '');
const namesAnAppointment = (token: string) =>
  [token, singularOf(token)].some((form) => APPOINTMENT_NOUNS.has(form) || SERVICE_NOUNS.has(form));

function isRecurringBookingOfCustomer(tokens: readonly string[]): boolean {
  const owned = tokens.some((token, index) => POSSESSIVES.has(token) && tokens.slice(index + 1, index + 5).some(namesAnAppointment));
  // "estão marcadas", and "já estão na agenda: 03/12, 10/12 e 17/12, sempre às 18h"
  // "está todo agendado", "ficaram fixas": a strong participle or a standing state after the copula
  const reached = (token: string, index: number) =>
    (afterAStateCopula(tokens, index) && (settledVerbOf(token)?.strong === true || standingStateAt(tokens, index) !== null)) ||
    (REACHED.has(tokens[index - 1] as string) && token === 'na' && tokens[index + 1] === 'agenda') ||
    // "seu horário fixo de toda quinta foi renovado": a past passive is one act, whatever its verb
    ((tokens[index - 1] === 'foi' || tokens[index - 1] === 'foram') && settledVerbOf(token) !== null);
  return owned && tokens.some(reached);
}

/**
 * "toda segunda", "todos os dias", "sempre", "aos sábados", "toda reserva": the sentence
 * states a habit or what happens to every appointment, unless it reports one act of the
 * speaker's ("Agendei as três sessões: terças, sempre às 18h") or the customer's recurring
 * booking ("suas sessões estão marcadas: todas as segundas").
 */
export function statesAHabit(tokens: readonly string[]): boolean {
  if (tokens.some((token, index) => isOneAct(token, tokens, index)) || isRecurringBookingOfCustomer(tokens)) return false;
  return tokens.some((token, index) => {
    if (PLURAL_WEEKDAYS.has(token)) return true;
    if (!HABIT_MARKS.has(token)) return false;
    if (token === 'sempre' || token === 'diariamente' || token === 'semanalmente') return true;
    const next = tokens[index + 1] === 'os' || tokens[index + 1] === 'as' ? tokens[index + 2] : tokens[index + 1];
    return next !== undefined && (HABIT_UNITS.has(next) || APPOINTMENT_NOUNS.has(next));
  });
}

const POLICY_WORDS = new Set(['politica', 'politicas', 'regra', 'regras', 'norma', 'normas', 'regulamento']);

/** "Pela nossa política, o horário fica reservado por 10 minutos": the business's rule, cited as one. */
export function citesAPolicy(tokens: readonly string[]): boolean {
  return tokens.some((token) => POLICY_WORDS.has(token));
}

const PARTICIPLE = /^.{3,}(?:ad|id)(?:o|a|os|as)$/;
/** words that end like a participle and are none: "é sábado", "é obrigado", "é pedido seu" */
const NOT_PARTICIPLES = new Set(['sabado', 'sabados', 'obrigado', 'obrigada', 'cuidado', 'lado', 'resultado', 'pedido', 'vida', 'saida']);
const isParticiple = (token: string | undefined) => token !== undefined && PARTICIPLE.test(token) && !NOT_PARTICIPLES.has(token);
const RULE_MARKS = new Set([...CONDITION_OPENERS, 'automaticamente', 'so', 'somente', 'apenas', 'cada']);

/**
 * "A reserva é confirmada automaticamente após o pagamento", "Agendamentos cancelados com
 * menos de 24h são cobrados": the present passive (é/são + participle) states how things
 * work, not what was done (that is "foi confirmada", "está confirmada"). About the
 * customer's own appointment ("sua reserva é confirmada") it is a rule only with a rule mark
 * (a condition, "automaticamente", "só", "cada"). The folded "é" is also the conjunction
 * "e": after a participle or a "done" mark ("cancelado o de quinta e mantido o de sábado")
 * it joins two statements and is not a copula.
 */
export function statesARule(tokens: readonly string[]): boolean {
  const passive = tokens.some((token, index) => {
    if (token !== 'sao' && token !== 'e') return false;
    const settledBefore = tokens.slice(0, index).some((before) => DONE_MARKS.has(before) || settledVerbOf(before) !== null);
    if (token === 'e' && (index === 0 || settledBefore)) return false;
    return isParticiple(tokens[index + 1]);
  });
  if (!passive) return false;
  return !tokens.some((token) => POSSESSIVES.has(token)) || tokens.some((token) => RULE_MARKS.has(token));
}

const VENUES = new Set(['salao', 'loja', 'estudio', 'espaco', 'clinica', 'barbearia']);
const OPEN_OR_CLOSED = new Set(['fechado', 'fechada', 'aberto', 'aberta']);

/** "O salão fica fechado no feriado de sexta": the venue's opening state, not a booking ("fechado" is not a deal here). */
export function statesOpeningHours(tokens: readonly string[]): boolean {
  return tokens.some((token) => VENUES.has(token)) && tokens.some((token) => OPEN_OR_CLOSED.has(token));
}

const CUSTOMER = new Set(['voce', 'vc', 'tu']);
const PAST_OF_THE_CUSTOMER = new Set(['tinha', 'tem', 'havia', 'ja', 'chegou']);

/** "Era esse o horário que você tinha marcado, terça às 15h?": a question about the customer's own act states nothing. */
export function asksAboutCustomersAct(tokens: readonly string[], question: boolean): boolean {
  if (!question) return false;
  return tokens.some((token, index) => {
    if (!CUSTOMER.has(token)) return false;
    const next = tokens[index + 1] as string | undefined;
    return next !== undefined && (PAST_OF_THE_CUSTOMER.has(next) || settledVerbOf(next) !== null);
  });
}

/** Verbs that report what the customer said. */
const REPORTING = new Set(['escreveu', 'disse', 'falou', 'mencionou', 'comentou', 'contou', 'mandou', 'informou', 'achou']);

/** "Você escreveu que já está marcado": the customer's words, reported; the answer does not state them. */
export function reportsCustomersWordsAt(tokens: readonly string[], index: number): boolean {
  const before = tokens[index - 1];
  return REPORTING.has(tokens[index] as string) && tokens[index + 1] === 'que' && (before === 'voce' || before === 'vc');
}

const REFERENCE_POINTS = new Set(['antes', 'depois', 'apos', 'ate']);
const THE = new Set(['do', 'da', 'o', 'a', 'ao']);

/**
 * "até 12h antes do horário marcado", "15 minutos após o horário agendado": a booked time as the
 * reference point of a rule, with no possessive (that is the customer's: "antes do seu horário
 * marcado"). index is the participle.
 */
export function isAReferencePointAt(tokens: readonly string[], index: number): boolean {
  return (
    APPOINTMENT_NOUNS.has(tokens[index - 1] as string) &&
    THE.has(tokens[index - 2] as string) &&
    REFERENCE_POINTS.has(tokens[index - 3] as string)
  );
}

/** Present predicates of a rule about a kind of appointment: "é cobrado", "têm prioridade", "perde a vez". */
const RULE_PREDICATES = new Set([
  'e',
  'sao',
  'tem',
  'paga',
  'pagam',
  'perde',
  'perdem',
  'precisa',
  'precisam',
  'deve',
  'devem',
  'gera',
  'geram',
]);

/**
 * "Clientes com horário marcado têm prioridade", "Horário agendado e não comparecido é cobrado
 * 50%": a booking participle that describes a kind of appointment in a rule, not the customer's:
 * after "com" and a bare appointment noun, in a sentence whose subject is "quem", or after a bare noun opening the sentence with a
 * present predicate after it ("é" not joining another change: "horário marcado e confirmado"
 * still claims). No word of the customer's and no time or day in the sentence. index is the participle.
 */
export function describesAKindAt(tokens: readonly string[], index: number, when: { named: boolean }): boolean {
  if (when.named || !APPOINTMENT_NOUNS.has(tokens[index - 1] as string)) return false;
  if (tokens.some((token) => CUSTOMER_WORDS.has(token) || token === 'voces')) return false;
  // "quem tem horário agendado tem prioridade": a generic subject opening the sentence
  // "cada horário marcado tem tolerância de 10 minutos": every appointment of a kind
  if (tokens[index - 2] === 'com' || tokens[0] === 'quem' || QUANTIFIERS.has(tokens[index - 2] as string)) return true;
  if (index !== 1) return false;
  return tokens.slice(index + 1).some((token, at) => {
    if (!RULE_PREDICATES.has(token)) return false;
    const next = tokens[index + 2 + at];
    return token !== 'e' || (next !== undefined && next !== 'nao' && settledVerbOf(next) === null);
  });
}

const QUANTIFIERS = new Set(['cada', 'todo', 'toda', 'qualquer']);

/** What the speaker keeps a moment for: "um tempinho", "aqui", "um lembrete". */
const SPEAKERS_FILLERS = new Set(['aqui', 'um', 'uma', 'tempinho', 'tempo', 'momento', 'minutinho', 'lembrete', 'ja', 'so']);
const OBJECT_PRONOUNS = new Set(['te', 'me', 'lhe', 'a', 'o']);
/** Purposes that are the appointment itself: "marquei pra te atender sexta". */
const ATTENDING = new Set(['atender', 'receber', 'fazer', 'encaixar']);

/**
 * "Reservei um tempinho pra olhar sua agenda", "Marquei aqui pra te chamar amanhã cedo": a
 * first-person booking verb whose purpose is the speaker's own next act (a purpose infinitive
 * right after it, with nothing but a filler between), not a booking. index is the verb.
 */
export function keepsForItsOwnActAt(tokens: readonly string[], index: number): boolean {
  if (!(tokens[index] as string).endsWith('ei')) return false;
  let at = index + 1;
  while (at < index + 4 && SPEAKERS_FILLERS.has(tokens[at] as string)) at++;
  if (!DESTINATIONS.has(tokens[at] as string)) return false;
  at++;
  if (OBJECT_PRONOUNS.has(tokens[at] as string)) at++;
  return isInfinitive(tokens[at]) && !ATTENDING.has(tokens[at] as string);
}

/**
 * "Como você já tinha dito que prefere cedo, já deixei reservado o das 10h": a reason clause
 * opening the sentence ("como …,") holds what suspends it (a preference, an intention) in its
 * own words; the statement after its comma still states. The comma's index, or -1.
 */
export function reasonClauseEnd(tokens: readonly string[]): number {
  return tokens[0] === 'como' ? tokens.indexOf(',') : -1;
}
