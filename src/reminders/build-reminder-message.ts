import type { TemplateMessagePayload } from '../graph/index.js';
import { formatDayTime } from '../scheduling/receipts/index.js';
import { formatBrl, localTimeOf } from '../shared/index.js';
import { reminderButtonPayloads } from './reminder-payload.js';

/** What a reminder says, read from the database at send time. */
export interface ReminderFacts {
  /** the customer's WhatsApp profile (or staff-entered) name; null or blank when unknown */
  customerName: string | null;
  service: string;
  professional: string;
  startsAt: Date;
  timezone: string;
  business: string;
  /**
   * A visit's services in order (its first one is `service`, `professional`, `startsAt`), each
   * with its professional, start and price at booking; absent (or one) for a single service.
   */
  visit?: readonly ReminderVisitItem[];
}

/** One service of a reminded visit. */
export interface ReminderVisitItem {
  service: string;
  professional: string;
  startsAt: Date;
  /** null when the catalogue had no price */
  priceCents: number | null;
}

/** A visit's total, only when every service has a price. */
function visitTotal(items: readonly ReminderVisitItem[]): string | null {
  if (items.some((item) => item.priceCents === null)) return null;
  return formatBrl(items.reduce((sum, item) => sum + (item.priceCents ?? 0), 0));
}

/** The professionals of a visit once each, in order: "Bia", "Bia e Ana", "Bia, Ana e Carla". */
function namesOf(items: readonly ReminderVisitItem[]): string {
  const names = [...new Set(items.map((item) => item.professional))];
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} e ${names.at(-1)}`;
}

/** {{1}} for a customer without a name: the greeting stays natural ("Olá, cliente!"), as in staff notices. */
export const UNNAMED_CUSTOMER = 'cliente';

// Meta refuses a parameter with newlines, tabs or more than four spaces in a row (and control
// characters have no place in a message): each value becomes one line.
const UNSAFE = /[\p{Cc}\p{Cf}\u2028\u2029]+/gu;
const PARAMETER_MAX_CHARS = 120;

function oneLine(value: string): string {
  const collapsed = value.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  const chars = Array.from(collapsed);
  return chars.length <= PARAMETER_MAX_CHARS
    ? collapsed
    : `${chars
        .slice(0, PARAMETER_MAX_CHARS - 1)
        .join('')
        .trim()}…`;
}

/**
 * Pure: the template body's five parameters in the contract's order: customer name, service,
 * professional, local day and time (`qua 02/12 às 15:30` in the tenant's zone), business name.
 * For a visit of several services the service is each one with its time and professional and
 * the total (`Corte 10:00 (Bia) + Escova 10:30 (Ana), total R$ 110,00`), the professional
 * every one of them (`Bia e Ana`), and the day and time the visit's start.
 */
export function reminderBodyParameters(facts: ReminderFacts): string[] {
  const visit = facts.visit && facts.visit.length > 1 ? facts.visit : null;
  const total = visit ? visitTotal(visit) : null;
  const service = visit
    ? visit.map((item) => `${item.service} ${localTimeOf(item.startsAt.getTime(), facts.timezone)} (${item.professional})`).join(' + ') +
      (total ? `, total ${total}` : '')
    : facts.service;
  return [
    oneLine(facts.customerName ?? '') || UNNAMED_CUSTOMER,
    oneLine(service),
    oneLine(visit ? namesOf(visit) : facts.professional),
    formatDayTime(facts.startsAt.getTime(), facts.timezone),
    oneLine(facts.business),
  ];
}

/**
 * Pure: the reminder as the outbox stores it: the template (name, language, body parameters,
 * the three quick-reply payloads of reminder-payload.ts) and a readable pt-BR rendering for
 * people (console, `npm run chat`), which follows the suggested template text of
 * docs/reminders.md (a visit's lists each service with its time and professional, and the
 * total). Meta shows the customer the business's approved text with these values.
 */
export function buildReminderMessage(
  facts: ReminderFacts,
  template: { name: string; language: string },
  payloadToken: string,
): { template: TemplateMessagePayload; text: string } {
  const parameters = reminderBodyParameters(facts);
  const [name, service, professional, when, business] = parameters;
  const visit = facts.visit && facts.visit.length > 1 ? facts.visit : null;
  const total = visit ? visitTotal(visit) : null;
  return {
    template: {
      name: template.name,
      language: template.language,
      bodyParameters: parameters,
      quickReplyPayloads: reminderButtonPayloads(payloadToken),
    },
    text: visit
      ? [
          `Olá, ${name}! Lembrete da sua visita em ${when} (${business}):`,
          ...visit.map(
            (item) =>
              `• ${localTimeOf(item.startsAt.getTime(), facts.timezone)} ${oneLine(item.service)} com ${oneLine(item.professional)}`,
          ),
          ...(total ? [`Total: ${total}`] : []),
          'Você confirma sua presença? Toque em uma das opções abaixo.',
          '[Confirmar] [Remarcar] [Cancelar]',
        ].join('\n')
      : `Olá, ${name}! Lembrete do seu horário de ${service} com ${professional} em ${when} (${business}). ` +
        'Você confirma sua presença? Toque em uma das opções abaixo.\n[Confirmar] [Remarcar] [Cancelar]',
  };
}
