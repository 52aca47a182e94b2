import { settledVerbOf } from './change-verbs.js';
import { standingPhraseAt } from './claim-idioms.js';
import { NEGATIONS } from './claim-lexicon.js';
import { DONE_MARKS, SERVICE_NOUNS, UNSETTLED_STATES } from './claim-nouns.js';
import { findTimeExpressions, type TimeExpressions } from './time-expressions.js';

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

/** Words of a slot's availability: "✅ 9h livre", "✅ 14h vaga", "❌ 16h lotado", "tinha 9h e 15h". */
const AVAILABILITY = new Set([
  ...UNSETTLED_STATES,
  'vaga',
  'vagas',
  'ocupado',
  'ocupada',
  'lotado',
  'lotada',
  'tenho',
  'tinha',
  'temos',
  'tinhamos',
]);

/** "✅ 9h livre": a sentence that lists a slot's availability, with no settled change verb in it. */
export function marksAvailability(tokens: readonly string[]): boolean {
  return tokens.some((token) => AVAILABILITY.has(token)) && !tokens.some((token) => settledVerbOf(token) !== null);
}

/**
 * The times and days a claim names: outside the clauses that offer slots ("Tinha 9h e 15h na
 * quinta — reservei o das 15h" claims 15:00 on Thursday, not 9:00), unless nothing is left.
 */
export function claimedWhen(tokens: readonly string[]): TimeExpressions {
  const clauses: string[][] = [[]];
  for (const token of tokens) {
    if (token === ',' || token === ':') clauses.push([]);
    else (clauses.at(-1) as string[]).push(token);
  }
  // "ficou para sexta às 17h, não 16h": a time denied is not the one claimed
  const kept = clauses.filter((clause) => !marksAvailability(clause) && !NEGATIONS.has(clause[0] as string)).flat();
  const when = findTimeExpressions(kept);
  return when.times.length + when.ends.length + when.days.length > 0 ? when : findTimeExpressions(tokens);
}

const COUNTS = new Map([
  ['duas', 2],
  ['dois', 2],
  ['tres', 3],
  ['quatro', 4],
  ['cinco', 5],
  ['seis', 6],
  ['sete', 7],
  ['oito', 8],
  ['nove', 9],
  ['dez', 10],
]);
/** Plural appointment nouns a number counts: "4 sessões", "as três aulas". */
const COUNTED = new Set(['sessoes', 'aulas', 'horarios', 'agendamentos', 'atendimentos', 'consultas', 'visitas']);

/**
 * "Agendei suas 4 sessões": how many appointments a claim names (2 to 20), each of which needs
 * its own write or appointment; undefined when it counts none.
 */
export function claimedCount(tokens: readonly string[]): number | undefined {
  const services = joinedServices(tokens);
  if (services >= 2) return services;
  for (const [index, token] of tokens.entries()) {
    if (!COUNTED.has(tokens[index + 1] as string)) continue;
    const count = COUNTS.get(token) ?? (/^\d{1,2}$/.test(token) ? Number(token) : 0);
    if (count >= 2 && count <= 20) return count;
  }
  return undefined;
}

const ARTICLES = new Set(['a', 'o', 'as', 'os', 'sua', 'seu']);

/**
 * "Cancelei a escova e a manicure de sexta": services joined by "e", each with its own article,
 * are as many appointments ("corte e escova", with no article, may be one service).
 */
function joinedServices(tokens: readonly string[]): number {
  let count = 0;
  for (const [index, token] of tokens.entries()) {
    if (!SERVICE_NOUNS.has(token) || !ARTICLES.has(tokens[index - 1] as string)) continue;
    const joined = tokens[index - 2] === 'e' || (tokens[index + 1] === 'e' && ARTICLES.has(tokens[index + 2] as string));
    if (joined) count++;
  }
  return count;
}
