import { addDays } from '../../shared/index.js';
import type { Draft } from '../assistant-state.js';
import { daysWithFreeTime, type FreeTime, freeTimesOn } from '../free-times.js';
import { dayPhrase } from '../local-dates.js';
import type { TurnContext } from '../turn.js';
import { inDay } from './in-day.js';

/** One date checked against the horizon, the opening days and the free times. */
export type DayCheck = { kind: 'open'; times: FreeTime[] } | { kind: 'unavailable'; reason: string };

const shortDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

/**
 * The free times of a date, or a plain sentence saying why there are none, with the next
 * open day: "Essa data já passou.", "Só agendamos até 31/12.", "Não há atendimento no
 * domingo 06/12. O próximo dia com horário livre é seg 07/12.".
 */
export async function checkDay(context: TurnContext, draft: Draft, date: string): Promise<DayCheck> {
  const last = addDays(context.today, context.horizonDays);
  if (date < context.today)
    return { kind: 'unavailable', reason: `A data ${shortDate(date)} já passou.${await nextOpen(context, draft, context.today)}` };
  if (date > last) {
    return {
      kind: 'unavailable',
      reason: `Só agendamos até ${shortDate(last)} (${context.horizonDays} dias à frente); ${dayPhrase(date, context.today)} ainda não está aberto para agendamento.`,
    };
  }
  const { times, refusal } = await freeTimesOn(context.calls, draft, date);
  if (times.length > 0) return { kind: 'open', times };
  const why = refusal ? `Não há atendimento ${inDay(date, context.today)}.` : `Não há horários livres ${inDay(date, context.today)}.`;
  return { kind: 'unavailable', reason: `${why}${await nextOpen(context, draft, addDays(date, 1))}` };
}

async function nextOpen(context: TurnContext, draft: Draft, from: string): Promise<string> {
  const remaining = Math.max(0, daysBetween(from, addDays(context.today, context.horizonDays)));
  const [next] = await daysWithFreeTime(context.calls, draft, from, remaining, 1);
  return next ? ` O próximo dia com horário livre é ${dayPhrase(next.date, context.today)}.` : '';
}

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
