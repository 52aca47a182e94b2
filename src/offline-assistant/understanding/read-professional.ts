import { normalizeRequest } from './normalize-request.js';
import { absent, type Catalog, type Field, type ProfessionalWish } from './reading.js';
import { CALENDAR_WORDS, sameWord, wordsOf } from './words.js';

const ANY =
  /\b(?:qualquer (?:um|uma|profissional|pessoa|moca|moco)|tanto faz(?: quem| com quem)?|com quem (?:tiver|estiver) (?:livre|disponivel)|quem (?:tiver|estiver) (?:livre|disponivel)|nao tenho preferencia|sem preferencia)\b/;

/** Words after "com" that are not a person ("com urgência", "com hidratação"). */
const NOT_NAMES = new Set([
  'um',
  'uma',
  'uns',
  'umas',
  'ela',
  'ele',
  'eles',
  'elas',
  'urgencia',
  'voces',
  'voce',
  'vcs',
  'hidratacao',
  'escova',
  'franja',
  'quem',
  'qualquer',
  'alguem',
  'atendente',
  'pessoa',
  'mais',
  'pressa',
  'calma',
]);

/**
 * The professional a message names: a first name or surname of the catalog ("juliana",
 * "rafael souza", small typos allowed), a short form after "com" ("com a Ju", "com o Rafa")
 * when it starts exactly one first name, or "qualquer um" / "tanto faz" ('any'). Two
 * professionals fitting equally ("com a Ju" with Juliana and Julia) are ambiguous; a
 * name after "com" that is nobody's is `unknown` with the word said.
 */
export function readProfessional(text: string, catalog: Catalog, serviceWords: Set<string>): Field<ProfessionalWish> {
  if (ANY.test(text)) return { status: 'found', value: 'any', confidence: 'high' };
  const said = wordsOf(text).filter((word) => !CALENDAR_WORDS.has(word) && !serviceWords.has(word));
  const people = catalog.professionals.map((professional) => {
    const [first = '', ...others] = wordsOf(normalizeRequest(professional.name));
    return { id: professional.id, first, others };
  });
  const exact = people.filter((person) => said.includes(person.first));
  if (exact.length === 1 && exact[0]) return { status: 'found', value: exact[0].id, confidence: 'high' };
  if (exact.length > 1) return { status: 'ambiguous', options: exact.map((person) => person.id) };
  const close = people.filter(
    (person) =>
      said.some((word) => sameWord(word, person.first)) || person.others.some((other) => other.length >= 4 && said.includes(other)),
  );
  if (close.length === 1 && close[0]) return { status: 'found', value: close[0].id, confidence: 'high' };
  if (close.length > 1) return { status: 'ambiguous', options: close.map((person) => person.id) };
  const after = /\bcom (?:a |o |as |os )?([a-z]{2,})\b/.exec(text)?.[1];
  if (!after || NOT_NAMES.has(after) || CALENDAR_WORDS.has(after) || serviceWords.has(after)) return absent;
  const starting = people.filter((person) => person.first.startsWith(after));
  if (starting.length === 1 && starting[0]) return { status: 'found', value: starting[0].id, confidence: 'low' };
  if (starting.length > 1) return { status: 'ambiguous', options: starting.map((person) => person.id) };
  return { status: 'unknown', said: after };
}
