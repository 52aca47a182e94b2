import { VERB_FAMILIES } from './change-verbs.js';
import { CHANGE_NOUNS } from './claim-nouns.js';
import type { AnswerSentence } from './normalize-answer.js';

/**
 * A change word typed with one slip ("cancelamneto feito", "remarcdo pra segunda"): a word of
 * six letters or more that is one letter short, one letter long or two neighbouring letters
 * swapped from a settled form of a strong change verb or a change noun reads as that word.
 * A letter replaced by another is left alone: "marcada" and "marcado", "mercado" and "marcado",
 * "confirma" and "confirmo" are words of their own. Accents are already folded away.
 */

/** The settled forms a typo is read back to: participles and pasts of the strong verbs. */
const SETTLED_FORMS = ['ado', 'ada', 'ados', 'adas', 'ei', 'ou', 'amos', 'aram'];
const MIN_LENGTH = 6;

const STRONG_STEMS = VERB_FAMILIES.filter((family) => family.strong).flatMap((family) => family.stems);

const CHANGE_WORDS = new Set(
  [
    ...STRONG_STEMS.flatMap((stem) => SETTLED_FORMS.map((ending) => `${stem}${ending}`)),
    ...CHANGE_NOUNS.keys(),
    'agendamento',
    'agendamentos',
  ].filter((word) => word.length >= MIN_LENGTH),
);

/** Endings of the strong verbs' own forms ("agende", "remarque", "cancelar", "marcando"): words, not slips. */
const VERB_ENDINGS = new Set([
  'e',
  'es',
  'em',
  'emos',
  'ar',
  'ara',
  'arao',
  'arei',
  'aria',
  'ando',
  'asse',
  'o',
  'a',
  'as',
  'am',
  'ei',
  'ou',
  'amos',
  'aram',
]);
const isAVerbForm = (token: string) => STRONG_STEMS.some((stem) => token.startsWith(stem) && VERB_ENDINGS.has(token.slice(stem.length)));

/** The words one deletion, one insertion or one swap of neighbours away, by the typo's length. */
function oneSlipFrom(token: string, word: string): boolean {
  if (token.length === word.length - 1 || token.length === word.length + 1) {
    const [shorter, longer] = token.length < word.length ? [token, word] : [word, token];
    for (let at = 0; at < longer.length; at++) if (longer.slice(0, at) + longer.slice(at + 1) === shorter) return true;
    return false;
  }
  if (token.length !== word.length) return false;
  const first = [...token].findIndex((letter, at) => letter !== word[at]);
  return (
    first >= 0 && token[first] === word[first + 1] && token[first + 1] === word[first] && token.slice(first + 2) === word.slice(first + 2)
  );
}

/** The change word a token is a slip of, or the token itself. */
export function repairedToken(token: string): string {
  if (token.length < MIN_LENGTH - 1 || CHANGE_WORDS.has(token) || !/^[a-z]+$/.test(token) || isAVerbForm(token)) return token;
  for (const word of CHANGE_WORDS) if (oneSlipFrom(token, word)) return word;
  return token;
}

/** A sentence with its change words' slips read as the words. */
export function repairTypos(sentence: AnswerSentence): AnswerSentence {
  return { ...sentence, tokens: sentence.tokens.map(repairedToken) };
}
