import { claimedCount, claimedWhen, isBareDone, marksAvailability, SETTLING_MARKS } from './done-answers.js';
import { splitAnswer } from './normalize-answer.js';
import { recapsOf } from './recap-blocks.js';
import { type ClaimedChange, claimsOfSentence } from './sentence-claims.js';
import { echoedSlotOf } from './suspending-words.js';
import { findTimeExpressions, type TimeExpressions } from './time-expressions.js';
import { repairTypos } from './typo-repair.js';
import { splitWaitlistPhrases } from './waitlist-places.js';

export type { ClaimedChange } from './sentence-claims.js';

/** One statement of an answer that presents a change to the customer's appointments, a waitlist place or a payment, as done. */
export interface SettledClaim {
  kind: ClaimedChange;
  /** the sentence, as written */
  sentence: string;
  /** the times and days it names (to compare with the appointments that back it) */
  when: TimeExpressions;
  /** how many appointments a booking claim counts ("agendei suas 4 sessões"): each needs its own */
  count?: number;
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
  // "Horários disponíveis no sábado:\n✅ 9h\n✅ 10h30": the checked lines under a header of free times list them
  let freeList = false;
  const sentences = splitAnswer(text).map(repairTypos);
  for (const [index, sentence] of sentences.entries()) {
    const listed: boolean = freeList && sentence.tokens[0] === '__check__';
    // "Horários livres amanhã ✅": a header may end with a check mark as well as a colon, naming no time
    const header = sentence.tokens.at(-1) === ':' || (sentence.tokens.at(-1) === '__check__' && !/\d/.test(sentence.original));
    // a checked line of the list, or the list's header, claims nothing
    freeList = listed || (header && marksAvailability(sentence.tokens));
    const kinds = freeList ? [] : claimsOfSentence(sentence, donePending);
    // "Às 15h? Perfeito! Com quem prefere?": a question after the "done" asks for what is still missing
    const settledEcho = !sentence.question && isBareDone(sentence.tokens) && !sentences[index + 1]?.question ? echoedSlot : null;
    for (const kind of kinds) claims.push(claimOf(kind, sentence.original, sentence.tokens));
    if (kinds.length === 0 && settledEcho) claims.push({ kind: 'booked', sentence: sentence.original, when: settledEcho });
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

/** A claim of a sentence, with the times and days it names (a place in its waitlist phrases, a change outside them) and its count. */
function claimOf(kind: ClaimedChange, sentence: string, tokens: readonly string[]): SettledClaim {
  const { phrases, rest } = splitWaitlistPhrases(tokens);
  // a place waits for the days its phrase names (the whole sentence's when it names none)
  const waitedFor = kind === 'waitlisted' ? findTimeExpressions(phrases) : null;
  const when = waitedFor && waitedFor.days.length > 0 ? waitedFor : claimedWhen(kind === 'waitlisted' ? tokens : rest);
  const count = kind === 'booked' || kind === 'cancelled' ? claimedCount(tokens) : undefined;
  return { kind, sentence, when, ...(count ? { count } : {}) };
}
