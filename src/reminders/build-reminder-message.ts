import type { TemplateMessagePayload } from '../graph/index.js';
import { formatDayTime } from '../scheduling/receipts/index.js';
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
 */
export function reminderBodyParameters(facts: ReminderFacts): string[] {
  return [
    oneLine(facts.customerName ?? '') || UNNAMED_CUSTOMER,
    oneLine(facts.service),
    oneLine(facts.professional),
    formatDayTime(facts.startsAt.getTime(), facts.timezone),
    oneLine(facts.business),
  ];
}

/**
 * Pure: the reminder as the outbox stores it: the template (name, language, body parameters,
 * the three quick-reply payloads of reminder-payload.ts) and a readable pt-BR rendering for
 * people (console, `npm run chat`), which follows the suggested template text of
 * docs/reminders.md. Meta shows the customer the business's approved text with these values.
 */
export function buildReminderMessage(
  facts: ReminderFacts,
  template: { name: string; language: string },
  payloadToken: string,
): { template: TemplateMessagePayload; text: string } {
  const parameters = reminderBodyParameters(facts);
  const [name, service, professional, when, business] = parameters;
  return {
    template: {
      name: template.name,
      language: template.language,
      bodyParameters: parameters,
      quickReplyPayloads: reminderButtonPayloads(payloadToken),
    },
    text:
      `Olá, ${name}! Lembrete do seu horário de ${service} com ${professional} em ${when} (${business}). ` +
      'Você confirma sua presença? Toque em uma das opções abaixo.\n[Confirmar] [Remarcar] [Cancelar]',
  };
}
