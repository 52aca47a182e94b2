import { normalizeRequest } from './normalize-request.js';
import { readService } from './read-service.js';
import type { Catalog, Field } from './reading.js';

const JOINS = /\s+(?:e|mais|tambem|depois|junto com|alem d[eoa])\s+/;
const MAX_SERVICES = 3;

/**
 * The services of one visit: two or three named together ("corte e escova", "manicure mais
 * sobrancelha"), in the order said, each found or ambiguous ("cabelo e unha": which hair
 * service?). Each part between "e", "mais", "também"… is read on its own, so "corte feminino
 * e escova" is two services, not a tie; commas and "+" join too ("corte, escova e manicure").
 * "corte ou escova" is a choice, not a visit: nothing. Takes the customer's own text (its
 * commas are gone once normalised).
 */
export function readVisit(text: string, catalog: Catalog): Field<number>[] {
  const normalized = text
    .split(/[,;+&\n]/)
    .map(normalizeRequest)
    .join(' e ');
  if (/\bou\b/.test(normalized)) return [];
  const items: Field<number>[] = [];
  const seen = new Set<string>();
  for (const part of normalized.split(JOINS)) {
    const service = readService(part, catalog);
    if (service.status !== 'found' && service.status !== 'ambiguous') continue;
    const key = service.status === 'found' ? String(service.value) : service.options.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    items.push(service);
  }
  return items.length >= 2 ? items.slice(0, MAX_SERVICES) : [];
}
