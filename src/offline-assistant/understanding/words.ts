import { distance } from 'fastest-levenshtein';

/** Plural → singular for the word shapes salon names use ("unhas", "colorações", "luzes"). */
export function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('coes')) return `${word.slice(0, -4)}cao`;
  if (word.endsWith('oes')) return `${word.slice(0, -3)}ao`;
  if (/[rz]es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/**
 * The same word, allowing the typos of a phone keyboard: one edit for words of 5 letters
 * or more, two for 8 or more ("manicuri", "coloracao", "julianna"). Short words must match
 * exactly: "ana" is not "ama".
 */
export function sameWord(said: string, known: string): boolean {
  const a = singular(said);
  const b = singular(known);
  if (a === b) return true;
  const shorter = Math.min(a.length, b.length);
  if (shorter < 5) return false;
  return distance(a, b) <= (shorter >= 8 ? 2 : 1);
}

/** The words of a normalised text. */
export const wordsOf = (text: string): string[] => text.split(' ').filter(Boolean);

/** Words that are about days and times, never a service or a name (so fuzzy matching leaves them alone). */
export const CALENDAR_WORDS = new Set([
  'hoje',
  'amanha',
  'depois',
  'manha',
  'tarde',
  'noite',
  'cedo',
  'semana',
  'domingo',
  'segunda',
  'terca',
  'quarta',
  'quinta',
  'sexta',
  'sabado',
  'proximo',
  'horario',
  'marcar',
  'agendar',
  'cancelar',
  'remarcar',
  'quero',
  'queria',
  'gostaria',
  'possivel',
  'livre',
  'vaga',
  'tempo',
  'favor',
  'obrigado',
  'obrigada',
]);
