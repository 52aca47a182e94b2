import {
  ceasedAt,
  noLongerAt,
  othersBookingsAt,
  paymentSettledAt,
  statesAPriceAt,
  takenOffTheAgendaAt,
  unsettledStateAt,
} from './agenda-states.js';
import { type ChangeKind, isFirstPersonPresent, settledVerbOf } from './change-verbs.js';
import { customersOwnActAt, historyAt, othersActAt, othersStateAt } from './claim-actors.js';
import {
  auxiliaryHit,
  becomesAt,
  checksAt,
  DESTINATIONS,
  didAt,
  gotASlotAt,
  listedAt,
  movesSomewhere,
  namesAServiceAt,
  newSlotAt,
  notesADetailAt,
  nowStandsAt,
  possessionAt,
  standingPhraseAt,
  standingStateAt,
  wentToAt,
} from './claim-idioms.js';
import {
  ACKNOWLEDGEMENTS,
  ATTENDANCE_OBJECTS,
  ATTENDANCE_VERBS,
  ATTENDANCE_WITH_OBJECT,
  COMING_VERBS,
  CONDITION_OPENERS,
  COPULAS_OF_A_RULE,
  isDayWord,
  isInfinitive,
  NEGATIONS,
  OBJECTS_BEFORE,
  outsideNegations,
  SAYING,
} from './claim-lexicon.js';
import { APPOINTMENT_NOUNS, CHANGE_NOUNS, DONE_MARKS } from './claim-nouns.js';
import { claimedWhen, isBareDone, marksAvailability, SETTLING_MARKS } from './done-answers.js';
import { type AnswerSentence, splitAnswer } from './normalize-answer.js';
import { firstPersonActIn, withoutQuestionTail } from './question-acts.js';
import { recapsOf } from './recap-blocks.js';
import {
  asksAboutCustomersAct,
  citesAPolicy,
  isAReferencePointAt,
  statesAHabit,
  statesARule,
  statesOpeningHours,
} from './sentence-scopes.js';
import { echoedSlotOf, suspendsAt } from './suspending-words.js';
import { findTimeExpressions, type TimeExpressions } from './time-expressions.js';
import { ontoAWaitlistAt, placedOnAWaitlist, waitlistBeforeAt } from './waitlist-places.js';

/**
 * What a statement presents as done: a change to the customer's appointments, or the customer
 * put on (or kept on) a waitlist, which books nothing but is still something only a tool does.
 */
export type ClaimedChange = ChangeKind | 'waitlisted';

/** One statement of an answer that presents a change to the customer's appointments, or a waitlist place, as done. */
export interface SettledClaim {
  kind: ClaimedChange;
  /** the sentence, as written */
  sentence: string;
  /** the times and days it names (to compare with the appointments that back it) */
  when: TimeExpressions;
  /** a bare "done" ("Feito! 👍") names no change: any confirmed write backs it */
  anyChange?: true;
}

/**
 * The statements of an answer that present a booking, cancellation or reschedule as done,
 * independent of the exact phrasing. A sentence claims a change when, outside the scope of
 * a suspending word (offer, question, condition, availability, intention) and of a negation
 * in its own clause, it has:
 * - a settled form (participle, past tense) of a strong change verb: "agendado", "desmarquei";
 * - a settled form of a weak one ("mudei", "ficou", "garanti") with an appointment noun or a
 *   concrete time or day: "mudei seu horário", "ficou para sábado";
 * - a "done" mark (pronto, feito, tudo certo, ✅, 👍) or an expectation of attendance ("te
 *   espero", "nos vemos") with a concrete clock time or an appointment noun.
 * A question's last clause ("…, pode ser?") states nothing; clauses before it still can. A
 * question that only names a slot, right before a bare "done" ("Sexta às 15h? Feito!"), is
 * the slot the "done" settles.
 */
export function detectSettledClaims(text: string): SettledClaim[] {
  const claims: SettledClaim[] = [];
  let donePending = false;
  let echoedSlot: TimeExpressions | null = null;
  const sentences = splitAnswer(text);
  for (const [index, sentence] of sentences.entries()) {
    const kind = claimOfSentence(sentence, donePending);
    // "Às 15h? Perfeito! Com quem prefere?": a question after the "done" asks for what is still missing
    const settledEcho = !sentence.question && isBareDone(sentence.tokens) && !sentences[index + 1]?.question ? echoedSlot : null;
    if (kind) claims.push({ kind, sentence: sentence.original, when: claimedWhen(sentence.tokens) });
    else if (settledEcho) claims.push({ kind: 'booked', sentence: sentence.original, when: settledEcho });
    donePending = !sentence.question && isBareDone(sentence.tokens);
    echoedSlot = sentence.question ? echoedSlotOf(sentence.tokens) : null;
  }
  // "Então fica assim:\n• Antes: quarta às 16h\n• Agora: quinta às 16h": the list under a settling header
  for (const recap of recapsOf(sentences)) claims.push(recap);
  // "Feito! 👍", "Prontinho!": an answer that only says "done" claims what the customer asked for
  const onlyDone = sentences.length > 0 && sentences.every((sentence) => !sentence.question && isBareDone(sentence.tokens));
  if (claims.length === 0 && onlyDone && sentences.some((sentence) => sentence.tokens.some((token) => SETTLING_MARKS.has(token))))
    claims.push({ kind: 'booked', sentence: text.trim(), when: { times: [], ends: [], days: [] }, anyChange: true });
  return claims;
}

function claimOfSentence(sentence: AnswerSentence, settledByPrevious: boolean): ClaimedChange | null {
  // "Te deixo marcado para sexta, pode ser?": a question with "deixo"/"marco" offers the change
  if (sentence.question && sentence.tokens.some(isFirstPersonPresent)) return null;
  // "A agenda é atualizada toda segunda às 8h": a habit of the business, not a change; likewise a
  // rule in the present passive, the venue's opening hours, a question about the customer's own act
  if (statesAHabit(sentence.tokens) || statesARule(sentence.tokens) || citesAPolicy(sentence.tokens)) return null;
  if (statesOpeningHours(sentence.tokens)) return null;
  // "Você já está na agenda pra sexta às 10h, viu?": a tag asks nothing, the sentence is a statement
  const { tokens, asking } = withoutQuestionTail(sentence);
  if (asksAboutCustomersAct(sentence.tokens, asking)) return null;
  // A time or noun after a suspending word is part of what is offered or asked: it supports nothing.
  const firstSuspender = tokens.findIndex((_token, index) => suspendsAt(tokens, index));
  const supporting = firstSuspender < 0 ? tokens : tokens.slice(0, firstSuspender);
  const when = findTimeExpressions(supporting);
  const hasClock = when.times.length + when.ends.length > 0;
  const hasDay = when.days.length > 0;
  // "nada de cancelamento, seu horário segue de pé": a negated change noun names no change
  const changeNoun = outsideNegations(supporting)
    .map((token) => CHANGE_NOUNS.get(token))
    .find((kind) => kind !== undefined);
  const hasNoun = changeNoun !== undefined || supporting.some((token) => APPOINTMENT_NOUNS.has(token));
  // "fica confirmado assim que você tocar": a rule for later, however settled its participle
  // "fica assim: sexta às 10h" is no "assim que"
  const conditionAhead = (index: number) =>
    tokens.slice(index + 1).some((token, at) => CONDITION_OPENERS.has(token) && (token !== 'assim' || tokens[index + 2 + at] === 'que'));
  // "ok, entendi", "perfeito, anotei sua preferência": the "done" mark acknowledges what the customer said
  const acknowledgement = tokens.some((token, index) => ACKNOWLEDGEMENTS.has(token) || notesADetailAt(tokens, index));
  const negatedSentence = supporting.some((token) => NEGATIONS.has(token));
  let suspended = false;
  let negated = false;
  // "Para deixar no seu nome, preciso do CPF": a purpose suspends its own clause
  let purpose = false;
  // "fica de pé se você confirmar": a present or future copula in the clause, then a condition
  let ruleCopula = false;
  let found: ClaimedChange | null = null;
  let rank = 0;
  const consider = (kind: ClaimedChange, strength: number) => {
    // a reschedule claim is the most specific, then a cancellation, then a booking, then a waitlist place
    const order = { waitlisted: 0.5, booked: 1, cancelled: 2, rescheduled: 3 }[kind] + strength * 10;
    if (order > rank) {
      rank = order;
      found = kind;
    }
  };
  if (settledByPrevious && !negatedSentence && !acknowledgement && (hasClock || hasNoun)) consider('booked', 0);
  // "coloquei seu nome na lista de espera", "você está na fila de espera": a place only the waitlist tool gives
  if (placedOnAWaitlist(supporting)) consider('waitlisted', 0);
  // "Quer que eu te mande o endereço do horário que acabei de marcar?": an offer does not suspend a past act of the speaker's
  const act = firstPersonActIn(sentence.tokens);
  if (act) consider(act, 2);
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as string;
    if (token === ',' || token === ':') {
      negated = false;
      purpose = false;
      ruleCopula = false;
      continue;
    }
    if (NEGATIONS.has(token)) negated = true;
    if (DESTINATIONS.has(token) && isInfinitive(tokens[index + 1])) purpose = true;
    // "a Jéssica pediu pra avisar que já mudou sua coloração": what the message says is stated
    if (purpose && token === 'que' && SAYING.has(tokens[index - 1] as string)) purpose = false;
    if (COPULAS_OF_A_RULE.has(token)) ruleCopula = true;
    const comingNext = COMING_VERBS.has(tokens[index + 1] as string);
    if (suspendsAt(tokens, index)) suspended = true;
    // "não está mais agendado": denied as still standing, the appointment is gone
    const gone = suspended || purpose ? null : noLongerAt(tokens, index);
    if (gone) consider(gone, 1);
    if (suspended || negated || purpose) continue;
    // "deixou de existir na agenda", "riscou seu nome da agenda": gone from the agenda
    const takenOff = ceasedAt(tokens, index) ?? takenOffTheAgendaAt(tokens, index);
    if (takenOff) consider(takenOff, 1);
    if (comingNext && (hasClock || hasDay)) consider('booked', 0);
    if (ruleCopula && conditionAhead(index)) continue;
    // "anotei sua preferência por horários de manhã" records a detail, not a booking; "você
    // cancelou em outubro", "a cliente das 10h acabou de confirmar", "foi cancelado ontem" report someone else's act or history
    const someoneElses = customersOwnActAt(tokens, index) || othersActAt(tokens, index) || historyAt(tokens, index);
    if (notesADetailAt(tokens, index) || checksAt(tokens, index) || someoneElses) continue;
    const verb =
      settledVerbOf(token) ??
      auxiliaryHit(tokens, index) ??
      standingPhraseAt(tokens, index) ??
      standingStateAt(tokens, index) ??
      possessionAt(tokens, index) ??
      gotASlotAt(tokens, index) ??
      becomesAt(tokens, index) ??
      didAt(tokens, index) ??
      listedAt(tokens, index) ??
      wentToAt(tokens, index);
    // "passou" moves something only towards a new time ("passei para sábado"); "esse horário já passou" is time going by
    const movedNowhere = verb !== null && token.startsWith('pass') && !movesSomewhere(tokens, index);
    // a waitlist entry, a pending state, how full the agenda is: no booking for this customer
    const booksNothing =
      verb?.kind === 'booked' &&
      ((!verb.strong && (ontoAWaitlistAt(tokens, index) || waitlistBeforeAt(tokens, index))) ||
        unsettledStateAt(tokens, index) ||
        othersBookingsAt(tokens, index) ||
        othersStateAt(tokens, index) ||
        isAReferencePointAt(tokens, index) ||
        statesAPriceAt(tokens, index) ||
        tokens[index - 1] === 'pre');
    if (booksNothing) continue;
    // a weak booking verb next to a change noun states that change: "a desmarcação foi registrada"
    const verbKind = verb && !verb.strong && verb.kind === 'booked' && changeNoun ? changeNoun : verb?.kind;
    const supported = hasNoun || hasClock || hasDay || namesAServiceAt(tokens, index);
    if (verb && verbKind && !movedNowhere && (verb.strong || supported)) consider(verbKind, verb.strong ? 2 : 1);
    // "Pix recebido", "o sinal caiu": a deposit paid settles its booking
    if (paymentSettledAt(tokens, index)) consider('booked', 1);
    const movedTo = nowStandsAt(tokens, index) ?? newSlotAt(tokens, index);
    if (movedTo && (hasClock || hasDay)) consider(movedTo, 1);
    // "✅ 9h livre": a check mark that lists a free slot marks availability
    const marksAFreeSlot = token === '__check__' && marksAvailability(tokens);
    if (DONE_MARKS.has(token) && !acknowledgement && !marksAFreeSlot && (hasClock || hasNoun))
      consider(changeNoun ?? 'booked', changeNoun ? 1 : 0);
    const aboutCustomer = ATTENDANCE_OBJECTS.has(tokens[index - 1] as string) || ATTENDANCE_OBJECTS.has(tokens[index + 1] as string);
    if (ATTENDANCE_VERBS.has(token) && (aboutCustomer || token === 'venha' || token === 'apareca') && (hasClock || hasDay))
      consider('booked', 0);
    // "a Bia te espera sexta às 10h", "o Léo vai te atender às 16h", "você vem domingo às 10h"
    const before = tokens[index - 1] as string;
    const expected = token === 'vem' ? before === 'voce' || before === 'vc' : OBJECTS_BEFORE.has(before);
    if (ATTENDANCE_WITH_OBJECT.has(token) && expected && (hasClock || hasDay)) consider('booked', 0);
    if (token === 'ate' && hasClock && (tokens[index + 1] === 'amanha' || tokens[index + 1] === 'la' || isDayWord(tokens[index + 1])))
      consider('booked', 0);
  }
  return found;
}
