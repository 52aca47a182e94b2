import { settledVerbOf } from './change-verbs.js';
import { standingPhraseAt } from './claim-idioms.js';
import { DONE_MARKS } from './claim-nouns.js';

/**
 * Sentences that only say "done" ("Feito!", "Tudo certinho!", "Prontinho, Fernanda!"): they
 * settle what the next sentence names, or what the customer asked for when nothing follows.
 */

/** The "done" marks that settle something on their own ("ok", "certo", "perfeito" also acknowledge). */
export const SETTLING_MARKS = new Set([
  'feito',
  'feita',
  'feitinho',
  'pronto',
  'prontinho',
  'concluido',
  'concluida',
  'resolvido',
  'resolvida',
]);

/**
 * Words that may stand next to a "done" mark in a sentence of its own: "Tudo certo!", "Já está
 * feito!" (not "prontinho": a "done" mark itself, so "Prontinho!" alone is a bare "done").
 */
const BARE_FILLERS = new Set(['tudo', 'ja', 'esta', 'ta', 'entao', 'e', 'ai', 'aqui', 'viu', 'bem', 'muito', 'deu', 'missao']);

/**
 * "Feito!", "Anotado!", "Tudo certinho!": a sentence that only says "done". It settles the
 * next sentence, which names what was done ("Feito! Quarta, 15:30, com a Ana.").
 */
export function isBareDone(tokens: readonly string[]): boolean {
  // "Prontinho, Fernanda!": a name after the "done" mark addresses the customer
  const lastComma = tokens.lastIndexOf(',');
  const addressed = lastComma > 0 && lastComma === tokens.length - 2 && !DONE_MARKS.has(tokens.at(-1) as string);
  const spoken = addressed && settledVerbOf(tokens.at(-1) as string) === null ? tokens.slice(0, lastComma) : tokens;
  const words = spoken.filter((token) => token !== ',' && !BARE_FILLERS.has(token));
  // "Tá na mão!", "Tá de pé!": a standing phrase on its own
  if (words.length > 0 && words.length <= 3 && standingPhraseAt(words, words.length - 1)) return true;
  return words.length > 0 && words.every((token) => DONE_MARKS.has(token) || settledVerbOf(token) !== null);
}
