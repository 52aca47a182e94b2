import { weekdayOf } from '../../shared/index.js';
import type { TurnContext } from '../turn.js';
import type { InfoTopic, Reading } from '../understanding/index.js';

const WEEKDAYS = ['domingo', 'segunda', 'terça', 'quarta', 'quinta', 'sexta', 'sábado'];
const EVERY_WEEKDAY = ['aos domingos', 'às segundas', 'às terças', 'às quartas', 'às quintas', 'às sextas', 'aos sábados'];
/** Monday first, as people read a week. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The sentence of the free-text business information that mentions a topic, when the tenant file has no field for it. */
function sentenceAbout(info: string, pattern: RegExp): string | null {
  const sentences = info.split(/(?<=[.!?])\s+/).map((sentence) => sentence.trim());
  return sentences.find((sentence) => pattern.test(sentence)) ?? null;
}

const ASK_A_PERSON = 'escreva *pessoa* que alguém da equipe te passa.';

function addressAnswer(context: TurnContext): string {
  const { address, businessInfo } = context.business;
  if (address.trim()) return `📍 Estamos na ${address.trim()}.`;
  const sentence = sentenceAbout(businessInfo, /\b(?:rua|r\.|av\.|avenida|alameda|travessa|praça|estrada|rodovia)\s/i);
  return sentence ? `📍 ${sentence}` : `Para saber o endereço, ${ASK_A_PERSON}`;
}

function paymentAnswer(context: TurnContext): string {
  const { paymentMethods, businessInfo } = context.business;
  if (paymentMethods.trim()) return `💳 Aceitamos ${paymentMethods.trim()}.`;
  const sentence = sentenceAbout(businessInfo, /pix|cart[aã]o|dinheiro|pagamento|d[ée]bito|cr[ée]dito/i);
  return sentence ? `💳 ${sentence}` : `Para saber as formas de pagamento, ${ASK_A_PERSON}`;
}

/**
 * The opening hours (from the professionals' weekly hours): the one weekday asked about
 * ("abre domingo?" → "Aos domingos não abrimos.") or the whole week, Monday first, equal
 * days grouped ("segunda a sexta, das 09:00 às 20:00").
 */
async function hoursAnswer(context: TurnContext, reading: Reading): Promise<string> {
  const days = await context.business.openingHours();
  const asked = reading.day.status === 'found' && reading.day.value.kind === 'date' ? reading.day.value.date : null;
  if (asked) {
    const weekday = weekdayOf(asked);
    const open = days.find((day) => day.weekday === weekday);
    const when = EVERY_WEEKDAY[weekday] ?? '';
    return open
      ? `🕒 ${capitalized(when)} atendemos das ${open.from} às ${open.to}.`
      : `${capitalized(when)} não abrimos: ficamos fechados.`;
  }
  const groups: { first: number; last: number; hours: string }[] = [];
  for (const weekday of WEEK_ORDER) {
    const open = days.find((day) => day.weekday === weekday);
    const hours = open ? `das ${open.from} às ${open.to}` : 'fechado';
    const last = groups.at(-1);
    if (last && last.hours === hours) last.last = weekday;
    else groups.push({ first: weekday, last: weekday, hours });
  }
  const parts = groups.map(({ first, last, hours }) => {
    const span = first === last ? WEEKDAYS[first] : `${WEEKDAYS[first]} a ${WEEKDAYS[last]}`;
    return hours === 'fechado' ? `${span} fechado` : `${span}, ${hours}`;
  });
  return `🕒 Nosso horário: ${parts.join('; ')}.`;
}

/** The topics a reading asks about: its `asks`, or its intent when that is the question itself. */
export function topicsOf(reading: Reading): InfoTopic[] {
  const intent = reading.intent.status === 'found' ? reading.intent.value : null;
  const topics = new Set(reading.asks);
  if (intent === 'address' || intent === 'hours' || intent === 'payment') topics.add(intent);
  return [...topics];
}

/**
 * The answers to the customer's questions about the business, from the tenant file
 * (address, payment methods; the sentence of the business information that mentions it
 * when the field is missing) and the professionals' hours. Never the whole paragraph.
 */
export async function businessAnswers(context: TurnContext, reading: Reading): Promise<string> {
  const lines: string[] = [];
  for (const topic of topicsOf(reading)) {
    if (topic === 'address') lines.push(addressAnswer(context));
    if (topic === 'payment') lines.push(paymentAnswer(context));
    if (topic === 'hours') lines.push(await hoursAnswer(context, reading));
  }
  return lines.join('\n');
}
