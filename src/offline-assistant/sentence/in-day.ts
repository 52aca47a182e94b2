import { dayPhrase } from '../local-dates.js';

/** The day after a verb: "hoje (ter 01/12)", "amanhã (qua 02/12)", "em sex 04/12". */
export function inDay(date: string, today: string): string {
  const phrase = dayPhrase(date, today);
  return phrase.startsWith('hoje') || phrase.startsWith('amanhã') ? phrase : `em ${phrase}`;
}
