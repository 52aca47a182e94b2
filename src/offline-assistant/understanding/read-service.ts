import { normalizeRequest } from './normalize-request.js';
import { absent, type Catalog, type Field } from './reading.js';
import { NAME_FILLERS, SALON_KINDS } from './salon-words.js';
import { CALENDAR_WORDS, sameWord, singular, wordsOf } from './words.js';

/**
 * The service a message names, in the tenant's own catalog: its name's words (accents,
 * case, plural and small typos ignored: "cortes", "coloraçao", "manicuri") or a common salon
 * word for it ("unha" → Manicure when exactly one service fits). The services with the most
 * matching words win; a tie is ambiguous ("corte" with "Corte feminino" and "Corte
 * masculino"), and a loose word ("cabelo") counts only when nothing more precise was said.
 */
export function readService(text: string, catalog: Catalog): Field<number> {
  const said = wordsOf(text).filter((word) => !CALENDAR_WORDS.has(word));
  const scores = new Map<number, number>();
  let looseOptions: number[] = [];
  for (const service of catalog.services) {
    const nameWords = wordsOf(normalizeRequest(service.name)).filter((word) => !NAME_FILLERS.has(word));
    let score = nameWords.filter((word) => said.some((candidate) => sameWord(candidate, word))).length;
    for (const kind of SALON_KINDS) {
      const fits = kind.named.some((named) => nameWords.some((word) => singular(word) === named));
      if (!fits || !kind.said.some((word) => said.some((candidate) => sameWord(candidate, word)))) continue;
      if (kind.loose) looseOptions.push(service.id);
      else if (
        !nameWords.some(
          (word) => kind.said.some((kindWord) => sameWord(word, kindWord)) && said.some((candidate) => sameWord(candidate, word)),
        )
      )
        score += 1;
    }
    if (score > 0) scores.set(service.id, score);
  }
  const best = Math.max(0, ...scores.values());
  if (best === 0) {
    looseOptions = [...new Set(looseOptions)];
    if (looseOptions.length === 1 && looseOptions[0] !== undefined) return { status: 'found', value: looseOptions[0], confidence: 'low' };
    return looseOptions.length > 1 ? { status: 'ambiguous', options: looseOptions } : absent;
  }
  const top = [...scores.entries()].filter(([, score]) => score === best).map(([id]) => id);
  if (top.length === 1 && top[0] !== undefined) return { status: 'found', value: top[0], confidence: 'high' };
  return { status: 'ambiguous', options: top };
}
