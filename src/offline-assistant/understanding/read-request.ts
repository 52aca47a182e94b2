import { normalizeRequest } from './normalize-request.js';
import { readDay } from './read-day.js';
import { readIntent } from './read-intent.js';
import { readProfessional } from './read-professional.js';
import { readService } from './read-service.js';
import { readTime } from './read-time.js';
import { absent, type Catalog, type Reading } from './reading.js';
import { SALON_KINDS } from './salon-words.js';
import { wordsOf } from './words.js';

const CLOSING = /\b(?:obrigad[oa]s?|brigad[oa]|valeu|tchau|bjs|beijos?|ate logo|ate mais|ate la)\b/;

export interface ReadRequestInput {
  text: string;
  catalog: Catalog;
  /** Today in the tenant's time zone ("YYYY-MM-DD"): every day is read relative to it. */
  today: string;
}

/**
 * Reads a whole pt-BR customer message ("quero marcar corte feminino amanhã às 15h com a
 * Juliana") into typed fields, each with its confidence or its ambiguity. Pure: no database,
 * no clock (the caller passes the tenant's local today), the same answer for the same input.
 * A message that names a service, day or time without a verb is read as a booking.
 */
export function readRequest({ text, catalog, today }: ReadRequestInput): Reading {
  const normalized = normalizeRequest(text);
  const { day, otherDay, dayIsTarget, rest } = readDay(normalized, today);
  const time = readTime(rest);
  const service = readService(normalized, catalog);
  const serviceWords = new Set([
    ...catalog.services.flatMap((candidate) => wordsOf(normalizeRequest(candidate.name))),
    ...SALON_KINDS.flatMap((kind) => kind.said),
  ]);
  const professional = readProfessional(normalized, catalog, serviceWords);
  let intent = readIntent(normalized);
  // "obrigada, até amanhã!" after a booking is a goodbye, not a new request for tomorrow.
  if (intent.status === 'absent' && service.status === 'absent' && CLOSING.test(normalized)) {
    return { text: normalized, intent, service, professional: absent, day: absent, otherDay: absent, dayIsTarget: false, time: absent };
  }
  const saysSomething = [service, day, time].some((field) => field.status === 'found' || field.status === 'ambiguous');
  if ((intent.status === 'absent' || (intent.status === 'found' && intent.value === 'prices' && day.status === 'found')) && saysSomething) {
    intent = { status: 'found', value: 'book', confidence: 'low' };
  }
  return { text: normalized, intent, service, professional, day, otherDay, dayIsTarget, time };
}
