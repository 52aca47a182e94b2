import { type ChangeKind, settledVerbOf } from './change-verbs.js';
import { NEGATIONS } from './claim-lexicon.js';
import { CHANGE_NOUNS, DONE_MARKS } from './claim-nouns.js';
import type { AnswerSentence } from './normalize-answer.js';
import { suspendsAt } from './suspending-words.js';
import { findTimeExpressions, type TimeExpressions } from './time-expressions.js';

/**
 * A recap: a header that states something settled and ends in a colon ("Resumindo o que ficou
 * combinado:", "Então fica assim:", "Seu agendamento ficou assim:"), then a list whose lines name
 * the service, the day and the time ("- Dia: amanhã", "• Agora: quinta 03/12 às 16h"). Each line
 * alone states nothing; under the header they are the settled change, at all the times and days
 * the lines name.
 */
export interface Recap {
  kind: ChangeKind;
  sentence: string;
  when: TimeExpressions;
}

/** "fica assim:", "ficou assim:": the list after it is how things stand. */
const STAND_AS = new Set(['fica', 'ficou', 'ficam', 'ficaram', 'ficamos']);
/** A list's line starts with a bullet or a number, or is a "label: value" pair. */
const BULLET = /^\s*(?:[-•*·▪►➤]|\d{1,2}[.)]\s)/;
/** Labels of a move in a recap: "Antes: …", "Agora: …", "De: … Para: …". */
const MOVE_LABELS = new Set(['antes', 'agora', 'novo', 'nova', 'anterior']);

function settlesAList(sentence: AnswerSentence): boolean {
  const { tokens } = sentence;
  if (sentence.question || tokens.at(-1) !== ':') return false;
  if (tokens.some((token, index) => NEGATIONS.has(token) || suspendsAt(tokens, index))) return false;
  return tokens.some(
    (token, index) => DONE_MARKS.has(token) || settledVerbOf(token) !== null || (STAND_AS.has(token) && tokens[index + 1] === 'assim'),
  );
}

const isListLine = (sentence: AnswerSentence) =>
  !sentence.question && (BULLET.test(sentence.original) || sentence.tokens.slice(1, 3).includes(':'));

/**
 * The recaps of an answer's sentences. A recap followed by a question ("…\nQuer alterar algum?",
 * "Está tudo certo?") still asks about its list: it is a proposal or a reading, not a settled change.
 */
export function recapsOf(sentences: readonly AnswerSentence[]): Recap[] {
  const recaps: Recap[] = [];
  for (const [index, header] of sentences.entries()) {
    if (!settlesAList(header)) continue;
    let end = index + 1;
    while (end < sentences.length && isListLine(sentences[end] as AnswerSentence)) end++;
    const lines = sentences.slice(index + 1, end);
    if (lines.length === 0 || sentences[end]?.question) continue;
    const tokens = lines.flatMap((line) => line.tokens);
    const when = findTimeExpressions(tokens);
    if (when.times.length + when.days.length === 0) continue;
    const moved =
      header.tokens.some((token) => settledVerbOf(token)?.kind === 'rescheduled' || CHANGE_NOUNS.get(token) === 'rescheduled') ||
      lines.filter((line) => MOVE_LABELS.has(line.tokens[0] as string)).length >= 2;
    const sentence = [header, ...lines].map((line) => line.original).join('\n');
    recaps.push({ kind: moved ? 'rescheduled' : 'booked', sentence, when });
  }
  return recaps;
}
