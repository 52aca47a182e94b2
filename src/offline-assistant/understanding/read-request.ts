import { normalizeRequest } from './normalize-request.js';
import { isComplaint } from './read-complaint.js';
import { readDay } from './read-day.js';
import { readIntent } from './read-intent.js';
import { readProfessional } from './read-professional.js';
import { readQuestions } from './read-questions.js';
import { readService } from './read-service.js';
import { readTime } from './read-time.js';
import { readVisit } from './read-visit.js';
import { absent, type Catalog, type Field, type Intent, type Reading } from './reading.js';
import { SALON_KINDS } from './salon-words.js';
import { wordsOf } from './words.js';

const CLOSING = /\b(?:obrigad\w*|brigad\w*|valeu|tchau|bjs|beijos?|ate logo|ate mais|ate la|bom descanso)\b/;
/** A short acknowledgement that asks for nothing ("ok", "blz", "show"). */
const ACKNOWLEDGEMENT =
  /^(?:ok|okay|okk|beleza|show|perfeito|otimo|otima|combinado|esta bom|esta otimo|maravilha|top|amei|certinho|tudo certo|fechado|certo|joia|massa|legal|entendi|ah ok|ah sim)(?: \w+){0,2}$/;
/** "as duas" but not "às duas (da tarde)", which is a time. */
const ALL = /\b(?:(?:as duas|as tres)(?! (?:da|de|e|horas|em ponto|hora)\b)|os dois|os tres|os 2|os 3|ambos|ambas|todos|todas)\b/;
const SAME_DAY = /\b(?:mesmo dia|mesma data|em seguida|logo (?:depois|em seguida|apos)|na sequencia|junto)\b/;

export interface ReadRequestInput {
  text: string;
  catalog: Catalog;
  /** Today in the tenant's time zone ("YYYY-MM-DD"): every day is read relative to it. */
  today: string;
}

const given = (field: Field<unknown>) => field.status === 'found' || field.status === 'ambiguous';
const found = (value: Intent, confidence: 'high' | 'low' = 'high'): Field<Intent> => ({ status: 'found', value, confidence });

/**
 * Reads a whole pt-BR customer message ("quero marcar corte feminino amanhã às 15h com a
 * Juliana") into typed fields, each with its confidence or its ambiguity. Pure: no database,
 * no clock (the caller passes the tenant's local today), the same answer for the same input.
 * A complaint wins over everything; "esquece" leaves the flow unless the message asks for
 * something else; a question about the address, hours or payment is its own intent when it
 * asks nothing else (and is kept in `asks` when it does); a message that names a service,
 * day or time without a verb is a booking; thanks and goodbyes ask for nothing.
 */
export function readRequest({ text, catalog, today }: ReadRequestInput): Reading {
  const normalized = normalizeRequest(text);
  const { day, otherDay, dayIsTarget, rest } = readDay(normalized, today);
  const all = ALL.test(normalized);
  // "quero as duas" is both services, not "às duas" (14:00).
  const time = readTime(all ? rest.replace(/\bas (?:duas|tres)\b/g, ' ') : rest);
  const visit = readVisit(text, catalog);
  const service =
    visit.length > 0 ? (visit.find((item) => item.status === 'ambiguous') ?? visit[0] ?? absent) : readService(normalized, catalog);
  const serviceWords = new Set([
    ...catalog.services.flatMap((candidate) => wordsOf(normalizeRequest(candidate.name))),
    ...SALON_KINDS.flatMap((kind) => kind.said),
  ]);
  const professional = readProfessional(normalized, catalog, serviceWords);
  const asks = readQuestions(normalized);
  const reading: Reading = {
    text: normalized,
    intent: readIntent(normalized),
    service,
    professional,
    day,
    otherDay,
    dayIsTarget,
    time,
    visit,
    all,
    sameDay: SAME_DAY.test(normalized),
    asks,
  };
  const booking = [service, day, time].some(given);
  if (isComplaint(normalized, booking)) return { ...reading, intent: found('complaint') };
  const { intent } = reading;
  const said = intent.status === 'found' ? intent.value : null;
  if (said === 'human' || said === 'reschedule' || said === 'cancel' || said === 'list' || said === 'waitlist') return reading;
  if (said === 'leave' && !booking && professional.status === 'absent') return reading;
  // "que horas vocês abrem no sábado?": the day is what the question is about, not a booking.
  if (asks.includes('hours') && !given(time) && !given(service)) return { ...reading, intent: found('hours') };
  const [topic] = asks.filter((asked) => asked !== 'hours');
  if (topic && !booking) return { ...reading, intent: found(topic) };
  if (said === null && !given(service) && CLOSING.test(normalized)) return closing(reading);
  if (said === null && !booking && (ACKNOWLEDGEMENT.test(normalized) || (normalized === '' && /\p{Extended_Pictographic}/u.test(text)))) {
    return closing(reading);
  }
  if ((said === null || said === 'leave' || (said === 'prices' && given(day))) && booking)
    return { ...reading, intent: found('book', 'low') };
  return reading;
}

/** "obrigada, até amanhã!" after a booking is a goodbye, not a new request for tomorrow. */
const closing = (reading: Reading): Reading => ({
  ...reading,
  intent: found('thanks'),
  professional: absent,
  day: absent,
  otherDay: absent,
  dayIsTarget: false,
  time: absent,
});
