import { takenOffTheAgendaAt } from './agenda-states.js';
import { type ChangeKind, settledVerbOf, type VerbHit } from './change-verbs.js';
import { auxiliaryHit } from './claim-idioms.js';
import { ACKNOWLEDGEMENTS, AVAILABILITY, NEGATIONS } from './claim-lexicon.js';
import type { AnswerSentence } from './normalize-answer.js';
import { keepsForItsOwnActAt, reasonClauseEnd } from './sentence-scopes.js';
import { suspendsAt } from './suspending-words.js';

/**
 * What a question states besides what it asks: a tag that asks nothing ("…, viu?"), and a past
 * act of the speaker's that an offer or a question takes for granted ("quer que eu mande o
 * endereço do horário que agendei?").
 */

/** "viu?", "tá?": tags that stress a statement, they ask nothing. */
const STATEMENT_TAGS = new Set(['viu', 'ta']);

/**
 * The tokens of a sentence that may state something, and whether the sentence asks. A question's
 * last clause ("…, pode ser?") states nothing; a question with no clause before it states
 * nothing; a statement with a tag ("Você já está na agenda pra sexta, viu?") is a statement.
 */
export function withoutQuestionTail(sentence: AnswerSentence): { tokens: readonly string[]; asking: boolean } {
  const { tokens } = sentence;
  if (!sentence.question) return { tokens, asking: false };
  if (STATEMENT_TAGS.has(tokens[tokens.length - 1] as string)) {
    const end = tokens[tokens.length - 2] === ',' ? tokens.length - 2 : tokens.length - 1;
    return { tokens: tokens.slice(0, end), asking: false };
  }
  const lastComma = tokens.lastIndexOf(',');
  return { tokens: lastComma < 0 ? [] : tokens.slice(0, lastComma), asking: true };
}

/** Words that offer or ask for something: they do not suspend what the speaker says they already did. */
const OFFERS = new Set([
  'quer',
  'queres',
  'querer',
  'queira',
  'deseja',
  'desejas',
  'gostaria',
  'gostarias',
  'prefere',
  'preferes',
  'posso',
  'podemos',
  'pode',
  'podes',
  'topa',
  'tal',
  'precisa',
  'confirma',
  'diga',
  'diz',
  'fala',
  'avise',
  'avisa',
  'mande',
  'manda',
  'envie',
  'responda',
  'responde',
  'escolha',
  'escolhe',
]);

/** "agendei", and "já tirei daqui" (taken off the agenda): a first-person past of a change. */
function firstPersonPastAt(tokens: readonly string[], index: number): VerbHit | null {
  const takenOff = takenOffTheAgendaAt(tokens, index);
  return takenOff ? { kind: takenOff, strong: true } : settledVerbOf(tokens[index] as string);
}

/** First-person pasts of auxiliaries that settle the infinitive after them: "acabei de marcar", "consegui remarcar". */
const FIRST_PERSON_AUXILIARIES = new Set(['consegui', 'acabei']);

/**
 * "Quer que eu te mande o endereço do horário que acabei de marcar?", "Reservei sexta às 10h pra
 * você quer que eu mande a localização?": the first-person past of a strong change verb states the
 * act even after an offer or inside a question, unless a negation, a condition, an intention or a
 * failure comes before it ("não agendei", "se eu marquei errado", "tentei remarcar"). "confirmei"
 * is left out: "confirmei com a Bia" checks, it books nothing.
 */
export function firstPersonActIn(tokens: readonly string[]): ChangeKind | null {
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as string;
    const verb = FIRST_PERSON_AUXILIARIES.has(token)
      ? auxiliaryHit(tokens, index)
      : token.endsWith('ei')
        ? firstPersonPastAt(tokens, index)
        : null;
    const checks = token.startsWith('confirm') || tokens.slice(index + 1, index + 4).some((next) => next.startsWith('confirm'));
    if (!verb?.strong || checks || keepsForItsOwnActAt(tokens, index)) continue;
    const reasonEnd = reasonClauseEnd(tokens);
    // "Tenho 10h e 14h livres na sexta — já reservei o das 10h": availability and a negation hold in their own clause only
    const clauseStart = tokens.slice(0, index).findLastIndex((before) => before === ',' || before === ':') + 1;
    const blocked = tokens.slice(0, index).some((before, at) => {
      const ownClause = at >= clauseStart;
      if (NEGATIONS.has(before) || AVAILABILITY.has(before)) return ownClause;
      return suspendsAt(tokens, at) && !OFFERS.has(before) && at > reasonEnd;
    });
    if (!blocked) return verb.kind;
  }
  return null;
}

/** "ok, entendi", "certo, vou ver": an acknowledgement in the clause of a "done" mark ("obrigado pela paciência, a troca deu certo" states). */
export function acknowledgedAt(tokens: readonly string[], index: number): boolean {
  let start = index;
  while (start > 0 && tokens[start - 1] !== ',' && tokens[start - 1] !== ':') start--;
  let end = index;
  while (end < tokens.length && tokens[end] !== ',' && tokens[end] !== ':') end++;
  return tokens.slice(start, end).some((token) => ACKNOWLEDGEMENTS.has(token));
}
