import { addDays, weekdayOf } from '../../shared/index.js';
import { absent, type DaySpec, type Field } from './reading.js';

const WEEKDAYS = ['domingo', 'segunda', 'terca', 'quarta', 'quinta', 'sexta', 'sabado'];
const MONTHS = [
  'janeiro',
  'fevereiro',
  'marco',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
];

interface Mention {
  index: number;
  spec: DaySpec;
  confidence: 'high' | 'low';
  /** Written after "para"/"pra": the day something goes to ("passa para sábado"). */
  target: boolean;
}

type Rule = [RegExp, (match: RegExpExecArray, today: string) => { spec: DaySpec; confidence: 'high' | 'low' } | null];

const date = (value: string | null, confidence: 'high' | 'low' = 'high') =>
  value ? { spec: { kind: 'date', date: value } as DaySpec, confidence } : null;

/** Monday of the week after today's (weeks run Monday to Sunday). */
const nextMonday = (today: string) => addDays(today, (1 - weekdayOf(today) + 7) % 7 || 7);

const RULES: Rule[] = [
  [/\bdepois de amanha\b/g, (_, today) => date(addDays(today, 2))],
  [/\bamanha\b/g, (_, today) => date(addDays(today, 1))],
  [/\bhoje\b/g, (_, today) => date(today)],
  [
    new RegExp(
      `\\b(?:(?:na|no|nessa|nesse|nesta|neste|essa|esse|esta|este|proximo|dessa|desta|de|para|sem ser essa)\\s+)?(${WEEKDAYS.join('|')})(\\s+(?:que vem|da semana que vem|da proximo semana|agora))?\\b`,
      'g',
    ),
    (match, today) => {
      const weekday = WEEKDAYS.indexOf(match[1] ?? '');
      const said = match[0];
      if (/que vem|semana/.test(said)) return date(addDays(nextMonday(today), (weekday + 6) % 7), 'low');
      const ahead = (weekday - weekdayOf(today) + 7) % 7;
      if (/proximo/.test(said)) return date(addDays(today, ahead || 7));
      return date(addDays(today, ahead), ahead === 0 ? 'low' : 'high');
    },
  ],
  [
    /\b(?:(?:na|da|para|de)\s+)?(?:semana que vem|proximo semana|outra semana)\b/g,
    (_, today) => ({ spec: { kind: 'range', from: nextMonday(today), to: addDays(nextMonday(today), 6) }, confidence: 'high' }),
  ],
  [
    /\b(?:nessa|nesta|essa|esta)\s+semana\b/g,
    (_, today) => ({ spec: { kind: 'range', from: today, to: addDays(nextMonday(today), -1) }, confidence: 'high' }),
  ],
  [
    /\b(?:no\s+|nesse\s+|neste\s+|esse\s+|este\s+)?(?:fim|final) de semana\b/g,
    (_, today) => {
      const saturday = addDays(today, (6 - weekdayOf(today) + 7) % 7);
      return { spec: { kind: 'range', from: weekdayOf(today) === 0 ? today : saturday, to: addDays(saturday, 1) }, confidence: 'high' };
    },
  ],
  [/\b(?:dia\s+)?(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?\b/g, (match, today) => dayMonth(today, match[1], match[2], match[3])],
  [
    new RegExp(`\\b(?:dia\\s+)?(\\d{1,2}) de (${MONTHS.join('|')})\\b`, 'g'),
    (match, today) => dayMonth(today, match[1], String(MONTHS.indexOf(match[2] ?? '') + 1), undefined),
  ],
  [/\bdia (\d{1,2})\b(?![:h/])/g, (match, today) => date(dayOfMonth(today, Number(match[1])))],
];

/**
 * The days a message names, relative to `today` (the tenant's local date): "hoje",
 * "amanhã", "depois de amanhã", a weekday (the next one, today included; "sexta que vem" =
 * the Friday of next week, a guess marked low), "proxima sexta" (never today), "dia 15",
 * "15/12", "15 de dezembro", "semana que vem", "essa semana", "fim de semana" (ranges).
 * Returns the day wanted (the one after "para" when two are named), the other one, and the
 * text with the days blanked out (so "dia 15" is not read again as a time).
 */
export function readDay(
  text: string,
  today: string,
): { day: Field<DaySpec>; otherDay: Field<DaySpec>; dayIsTarget: boolean; rest: string } {
  let rest = text;
  const mentions: Mention[] = [];
  for (const [pattern, resolve] of RULES) {
    for (const match of rest.matchAll(pattern)) {
      const resolved = resolve(match as RegExpExecArray, today);
      if (!resolved) continue;
      const before = rest.slice(Math.max(0, match.index - 6), match.index);
      mentions.push({ index: match.index, ...resolved, target: /\bpara\s*$/.test(before) || /^para\b/.test(match[0]) });
    }
    rest = rest.replace(pattern, (found) => ' '.repeat(found.length));
  }
  mentions.sort((a, b) => a.index - b.index);
  const wanted = mentions.find((mention) => mention.target) ?? mentions[0];
  const other = mentions.find((mention) => mention !== wanted && !sameSpec(mention.spec, wanted?.spec));
  const field = (mention: Mention | undefined): Field<DaySpec> =>
    mention ? { status: 'found', value: mention.spec, confidence: mention.confidence } : absent;
  return { day: field(wanted), otherDay: field(other), dayIsTarget: wanted?.target ?? false, rest };
}

const sameSpec = (a: DaySpec, b: DaySpec | undefined) => JSON.stringify(a) === JSON.stringify(b);

function validDate(year: number, month: number, day: number): string | null {
  const value = new Date(Date.UTC(year, month - 1, day));
  if (value.getUTCFullYear() !== year || value.getUTCMonth() !== month - 1 || value.getUTCDate() !== day) return null;
  return value.toISOString().slice(0, 10);
}

/** "15/12" (next year when already past), "15/12/2026". */
function dayMonth(today: string, dayText?: string, monthText?: string, yearText?: string) {
  const year = Number(today.slice(0, 4));
  const explicit = yearText ? Number(yearText) + (Number(yearText) < 100 ? 2000 : 0) : null;
  const candidate = validDate(explicit ?? year, Number(monthText), Number(dayText));
  if (candidate && !explicit && candidate < today) return date(validDate(year + 1, Number(monthText), Number(dayText)));
  return date(candidate);
}

/** "dia 15": this month, or the next when the 15th has passed. */
function dayOfMonth(today: string, day: number): string | null {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  const candidate = validDate(year, month, day);
  if (candidate && candidate >= today) return candidate;
  return month === 12 ? validDate(year + 1, 1, day) : validDate(year, month + 1, day);
}
