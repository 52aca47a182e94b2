import { addDays, weekdayOf } from '../shared/index.js';
import { normalize } from './match-choice.js';

const WEEKDAYS = ['domingo', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'];
const WEEKDAY_SHORT = ['dom', 'seg', 'ter', 'qua', 'qui', 'sex', 'sáb'];

/** "ter 01/12", or "Hoje, ter 01/12" / "Amanhã, qua 02/12": fits a list row title (≤ 24). */
export function dayLabel(date: string, today: string): string {
  const base = `${WEEKDAY_SHORT[weekdayOf(date)]} ${date.slice(8, 10)}/${date.slice(5, 7)}`;
  if (date === today) return `Hoje, ${base}`;
  if (date === addDays(today, 1)) return `Amanhã, ${base}`;
  return base.charAt(0).toUpperCase() + base.slice(1);
}

/** The day inside a sentence: "hoje (ter 01/12)", "amanhã (qua 02/12)", "sex 04/12". */
export function dayPhrase(date: string, today: string): string {
  const base = `${WEEKDAY_SHORT[weekdayOf(date)]} ${date.slice(8, 10)}/${date.slice(5, 7)}`;
  if (date === today) return `hoje (${base})`;
  if (date === addDays(today, 1)) return `amanhã (${base})`;
  return base;
}

/** "ter 01/12 às 14:30" from a local "YYYY-MM-DDTHH:mm". */
export function dateTimeLabel(start: string, today: string): string {
  return `${dayLabel(start.slice(0, 10), today)} às ${start.slice(11, 16)}`;
}

/**
 * A day the customer typed: "hoje", "amanhã", "depois de amanhã", a weekday ("sexta" = the
 * next one, today included), "01/12", "1/12/2026", "2026-12-01" or "dia 5" (this month, or
 * the next if already past). Null when the text is not a date.
 */
export function parseTypedDate(text: string | null, today: string): string | null {
  const normalized = normalize(text ?? '');
  if (!normalized) return null;
  if (/^(hoje)$/.test(normalized)) return today;
  if (/^(depois de amanha)$/.test(normalized)) return addDays(today, 2);
  if (/^(amanha)$/.test(normalized)) return addDays(today, 1);
  const weekday = WEEKDAYS.findIndex((name) =>
    new RegExp(`^(na |no |proxima |proximo )?${name}( feira)?$`).test(normalized.replace('-', ' ')),
  );
  if (weekday >= 0) return addDays(today, (weekday - weekdayOf(today) + 7) % 7);
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(normalized);
  if (iso) return validDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dayMonth = /^(?:dia )?(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?$/.exec(normalized);
  const todayYear = Number(today.slice(0, 4));
  if (dayMonth) {
    const day = Number(dayMonth[1]);
    const month = Number(dayMonth[2]);
    let year = dayMonth[3] ? Number(dayMonth[3]) : todayYear;
    if (year < 100) year += 2000;
    const candidate = validDate(year, month, day);
    // "05/01" typed in December means next January.
    if (candidate && !dayMonth[3] && candidate < today) return validDate(year + 1, month, day);
    return candidate;
  }
  const dayOnly = /^dia (\d{1,2})$/.exec(normalized);
  if (dayOnly) {
    const month = Number(today.slice(5, 7));
    const candidate = validDate(todayYear, month, Number(dayOnly[1]));
    if (candidate && candidate >= today) return candidate;
    return month === 12 ? validDate(todayYear + 1, 1, Number(dayOnly[1])) : validDate(todayYear, month + 1, Number(dayOnly[1]));
  }
  return null;
}

function validDate(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** A time the customer typed: "14:30", "14h30", "14h", "às 9", "9" → "HH:mm"; null otherwise. */
export function parseTypedTime(text: string | null): string | null {
  const normalized = normalize(text ?? '');
  const match = /^(?:as |a |para as |pras )?(\d{1,2})(?:(?::|h)(\d{2})?)?(?: ?h(?:oras?)?)?$/.exec(normalized);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = match[2] ? Number(match[2]) : 0;
  if (hour > 23 || minute > 59) return null;
  return `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}
