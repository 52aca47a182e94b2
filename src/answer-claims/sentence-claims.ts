import {
  blockedSlotAt,
  ceasedAt,
  customerHasAt,
  noLongerAt,
  othersBookingsAt,
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
  outsideNegatedClauses,
  SAYING,
} from './claim-lexicon.js';
import { APPOINTMENT_NOUNS, CHANGE_NOUNS, DONE_MARKS } from './claim-nouns.js';
import { marksAvailability } from './done-answers.js';
import type { AnswerSentence } from './normalize-answer.js';
import { paymentSettledAt } from './payment-claims.js';
import { acknowledgedAt, firstPersonActIn, withoutQuestionTail } from './question-acts.js';
import {
  asksAboutCustomersAct,
  citesAPolicy,
  describesAKindAt,
  isAReferencePointAt,
  keepsForItsOwnActAt,
  reasonClauseEnd,
  statesAHabit,
  statesARule,
  statesOpeningHours,
} from './sentence-scopes.js';
import { FAILURES, suspendsAt } from './suspending-words.js';
import { findTimeExpressions } from './time-expressions.js';
import { ontoAWaitlistAt, placedOnAWaitlist, waitlistBeforeAt } from './waitlist-places.js';

/**
 * What one sentence of an answer presents as done: the most specific change to the customer's
 * appointments, a waitlist place and a deposit paid; detectSettledClaims walks the sentences.
 */

/**
 * What a statement presents as done: a change to the customer's appointments, the customer put
 * on (or kept on) a waitlist, which books nothing but is still something only a tool does, or a
 * deposit paid, which only the payment provider's confirmation does.
 */
export type ClaimedChange = ChangeKind | 'waitlisted' | 'paid';

/**
 * A sentence's claims: the change it presents as done (the most specific one), a waitlist place
 * next to it ("Você entrou na lista de espera de sábado e seu horário de sexta continua
 * garantido" claims both), and a deposit it presents as paid.
 */
export function claimsOfSentence(sentence: AnswerSentence, settledByPrevious: boolean): ClaimedChange[] {
  const { change, placed, paid } = claimOfSentence(sentence, settledByPrevious);
  const waitlisted = placed && change !== 'waitlisted' ? (['waitlisted'] as const) : [];
  return [...(change ? [change] : []), ...waitlisted, ...(paid ? (['paid'] as const) : [])];
}

interface SentenceClaims {
  change: ClaimedChange | null;
  placed: boolean;
  paid: boolean;
}

const NO_CLAIM: SentenceClaims = { change: null, placed: false, paid: false };

function claimOfSentence(sentence: AnswerSentence, settledByPrevious: boolean): SentenceClaims {
  // "Te deixo marcado para sexta, pode ser?": a question with "deixo"/"marco" offers the change
  if (sentence.question && sentence.tokens.some(isFirstPersonPresent)) return NO_CLAIM;
  // "A agenda é atualizada toda segunda às 8h": a habit of the business, not a change; likewise a
  // rule in the present passive, the venue's opening hours, a question about the customer's own act
  if (statesAHabit(sentence.tokens) || statesARule(sentence.tokens) || citesAPolicy(sentence.tokens)) return NO_CLAIM;
  if (statesOpeningHours(sentence.tokens)) return NO_CLAIM;
  // "Você já está na agenda pra sexta às 10h, viu?": a tag asks nothing, the sentence is a statement
  const { tokens, asking } = withoutQuestionTail(sentence);
  if (asksAboutCustomersAct(sentence.tokens, asking)) return NO_CLAIM;
  // A time or noun after a suspending word is part of what is offered or asked: it supports nothing.
  const reasonEnd = reasonClauseEnd(tokens);
  const firstSuspender = tokens.findIndex((_token, index) => index > reasonEnd && suspendsAt(tokens, index));
  const supporting = firstSuspender < 0 ? tokens : tokens.slice(0, firstSuspender);
  const when = findTimeExpressions(supporting);
  const hasClock = when.times.length + when.ends.length > 0;
  const hasDay = when.days.length > 0;
  // "nada de cancelamento, seu horário segue de pé", "a remarcação não foi concluída, …": a change
  // noun in a negated clause names no change
  const changeNoun = outsideNegatedClauses(supporting)
    .map((token) => CHANGE_NOUNS.get(token))
    .find((kind) => kind !== undefined);
  const hasNoun = changeNoun !== undefined || supporting.some((token) => APPOINTMENT_NOUNS.has(token));
  // "fica confirmado assim que você tocar": a rule for later, however settled its participle
  // "fica assim: sexta às 10h" is no "assim que"
  const conditionAhead = (index: number) =>
    tokens.slice(index + 1).some((token, at) => CONDITION_OPENERS.has(token) && (token !== 'assim' || tokens[index + 2 + at] === 'que'));
  // "ok, entendi", "perfeito, anotei sua preferência": the "done" mark acknowledges what the customer said
  const noted = tokens.some((_token, index) => notesADetailAt(tokens, index));
  const acknowledgement = noted || tokens.some((token) => ACKNOWLEDGEMENTS.has(token));
  const negatedSentence = supporting.some((token) => NEGATIONS.has(token));
  let suspended = false;
  let failed = false;
  let negated = false;
  // "Para deixar no seu nome, preciso do CPF": a purpose suspends its own clause
  let purpose = false;
  // "fica de pé se você confirmar": a present or future copula in the clause, then a condition
  let ruleCopula = false;
  let found: Exclude<ClaimedChange, 'paid'> | null = null;
  let rank = 0;
  let paid = false;
  const consider = (kind: Exclude<ClaimedChange, 'paid'>, strength: number) => {
    // a reschedule claim is the most specific, then a cancellation, then a booking, then a waitlist place
    const order = { waitlisted: 0.5, booked: 1, cancelled: 2, rescheduled: 3 }[kind] + strength * 10;
    if (order > rank) {
      rank = order;
      found = kind;
    }
  };
  if (settledByPrevious && !negatedSentence && !acknowledgement && (hasClock || hasNoun)) consider('booked', 0);
  // "coloquei seu nome na lista de espera", "você está na fila de espera": a place only the waitlist tool gives
  const placed = placedOnAWaitlist(supporting);
  if (placed) consider('waitlisted', 0);
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
    if (index > reasonEnd && suspendsAt(tokens, index)) {
      suspended = true;
      failed = FAILURES.has(token);
    }
    // "deu um erro no começo, mas a remarcação foi concluída": a failure's scope ends at "mas"
    if (token === 'mas' && failed) suspended = failed = false;
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
      customerHasAt(tokens, index) ??
      wentToAt(tokens, index);
    // "passou" moves something only towards a new time ("passei para sábado"); "esse horário já passou" is time going by
    const movedNowhere = verb !== null && token.startsWith('pass') && !movesSomewhere(tokens, index);
    // a waitlist entry, a pending state, how full the agenda is: no booking for this customer
    const booksNothing =
      verb?.kind === 'booked' &&
      ((!verb.strong && (ontoAWaitlistAt(tokens, index) || waitlistBeforeAt(tokens, index))) ||
        unsettledStateAt(tokens, index) ||
        blockedSlotAt(tokens, index) ||
        othersBookingsAt(tokens, index) ||
        othersStateAt(tokens, index) ||
        isAReferencePointAt(tokens, index) ||
        describesAKindAt(tokens, index, { named: hasClock || hasDay }) ||
        keepsForItsOwnActAt(tokens, index) ||
        statesAPriceAt(tokens, index) ||
        tokens[index - 1] === 'pre');
    if (booksNothing) continue;
    // a weak booking verb next to a change noun states that change: "a desmarcação foi registrada"
    // "cancelamento confirmado": the confirmation right after the noun confirms that change
    const ofTheNoun = verb !== null && (!verb.strong || CHANGE_NOUNS.has(tokens[index - 1] as string));
    const verbKind = ofTheNoun && verb.kind === 'booked' && changeNoun ? changeNoun : verb?.kind;
    const supported = hasNoun || hasClock || hasDay || namesAServiceAt(tokens, index);
    if (verb && verbKind && !movedNowhere && (verb.strong || supported)) consider(verbKind, verb.strong ? 2 : 1);
    // "Pix recebido", "o sinal caiu": a deposit paid, a claim of its own (a booking does not back it)
    if (paymentSettledAt(tokens, index)) paid = true;
    const movedTo = nowStandsAt(tokens, index) ?? newSlotAt(tokens, index);
    if (movedTo && (hasClock || hasDay)) consider(movedTo, 1);
    // "✅ 9h livre": a check mark that lists a free slot marks availability
    const marksAFreeSlot = token === '__check__' && marksAvailability(tokens);
    if (DONE_MARKS.has(token) && !noted && !acknowledgedAt(tokens, index) && !marksAFreeSlot && (hasClock || hasNoun))
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
  return { change: found, placed, paid };
}
