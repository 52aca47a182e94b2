/** A day named in an answer: relative ("amanhã"), a weekday, or a calendar date. */
export type DayReference =
  | { kind: 'relative'; offsetDays: number }
  | { kind: 'weekday'; weekday: number }
  | { kind: 'date'; day: number; month: number | null };

export interface TimeExpressions {
  /** clock times stated ("10:00", "15:30"), 24-hour: when something starts */
  times: string[];
  /** the times that end a range or a span ("das 10h às 11h", "10h-11h", "até as 11h"): when something ends */
  ends: string[];
  days: DayReference[];
}

const WEEKDAYS: Record<string, number> = { domingo: 0, segunda: 1, terca: 2, quarta: 3, quinta: 4, sexta: 5, sabado: 6 };
const PERIOD_SHIFT: Record<string, number> = { manha: 0, tarde: 12, noite: 12 };

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * The concrete times and days in a sentence's tokens (see splitAnswer): "10:30", "às 9",
 * "3 da tarde", "meio-dia"; "hoje", "amanhã", "depois de amanhã", weekday names, "02/12",
 * "dia 5". Numbers that are not times ("2 horários", "30 minutos") are not times.
 */
export function findTimeExpressions(tokens: readonly string[]): TimeExpressions {
  const times: string[] = [];
  const ends: string[] = [];
  const days: DayReference[] = [];
  const push = (time: string, at: number) => (endsASpan(tokens, at) ? ends : times).push(time);
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as string;
    const next = tokens[index + 1];
    const afterNext = tokens[index + 2];
    const clock = /^(\d{1,2}):(\d{2})$/.exec(token);
    if (clock) {
      const hours = shiftForPeriod(Number(clock[1]), next === 'da' || next === 'de' ? afterNext : undefined);
      if (hours <= 23 && Number(clock[2]) <= 59) push(`${pad(hours)}:${clock[2]}`, index);
      continue;
    }
    if ((token === 'as' || token === 'a' || token === 'pras' || token === 'para') && next && /^\d{1,2}$/.test(next)) {
      const period = tokens[index + 2] === 'da' || tokens[index + 2] === 'de' ? tokens[index + 3] : undefined;
      const hours = shiftForPeriod(Number(next), period);
      if (hours >= 6 && hours <= 23 && !isUnit(tokens[index + 2])) push(`${pad(hours)}:00`, index + 1);
      continue;
    }
    if (token === 'meio' && next === 'dia') times.push('12:00');
    if (token === 'hoje') days.push({ kind: 'relative', offsetDays: 0 });
    if (token === 'amanha') {
      const dayAfter = tokens[index - 1] === 'de' && tokens[index - 2] === 'depois';
      days.push({ kind: 'relative', offsetDays: dayAfter ? 2 : 1 });
    }
    const weekday = WEEKDAYS[token];
    if (weekday !== undefined && !isOrdinal(tokens, index)) days.push({ kind: 'weekday', weekday });
    const date = /^(\d{1,2})\/(\d{1,2})(?:\/\d{2,4})?$/.exec(token);
    if (date) days.push({ kind: 'date', day: Number(date[1]), month: Number(date[2]) });
    if (token === 'dia' && next && /^\d{1,2}$/.test(next) && !isUnit(afterNext))
      days.push({ kind: 'date', day: Number(next), month: null });
  }
  return { times, ends, days };
}

/** Words that end what they are said of: "termina às 11h", "acaba por volta das 11h". */
const ENDING = new Set(['termina', 'terminar', 'acaba', 'acabar', 'termino', 'sai', 'sair']);

/** A time a span starts at: "10:00", or a bare hour after "das"/"de" ("das 9 às 18"; not "dia 10 às 15h"). */
const startsASpanAt = (tokens: readonly string[], at: number) =>
  /^\d{1,2}:\d{2}$/.test(tokens[at] ?? '') || (/^\d{1,2}$/.test(tokens[at] ?? '') && (tokens[at - 1] === 'das' || tokens[at - 1] === 'de'));

/**
 * Whether the time at index ends a span: after "até" ("até as 11h"), right after another time
 * ("10:00 11:00", from "10h-11h") or after a time and "às"/"a" ("das 10h às 11h").
 */
function endsASpan(tokens: readonly string[], index: number): boolean {
  const before = tokens[index - 1];
  // "termina por volta das 11h", "sai às 11h"
  if (tokens.slice(Math.max(0, index - 4), index).some((token) => ENDING.has(token))) return true;
  if (before === 'ate') return true;
  if (before === 'as' || before === 'a') return tokens[index - 2] === 'ate' || startsASpanAt(tokens, index - 2);
  return startsASpanAt(tokens, index - 1);
}

/** "a segunda da fila", "na segunda vez": "segunda" as an ordinal, not Monday ("segunda de manhã" stays Monday). */
function isOrdinal(tokens: readonly string[], index: number): boolean {
  if (tokens[index] !== 'segunda') return false;
  const next = tokens[index + 1];
  return next === 'vez' || ((next === 'da' || next === 'na') && (tokens[index + 2] === 'fila' || tokens[index + 2] === 'lista'));
}

function shiftForPeriod(hours: number, period: string | undefined): number {
  const shift = period ? (PERIOD_SHIFT[period] ?? 0) : 0;
  return hours < 12 ? hours + shift : hours;
}

const UNITS = new Set(['minutos', 'minuto', 'min', 'dias', 'horarios', 'vezes', 'pessoas', 'reais', 'semanas']);
const isUnit = (token: string | undefined) => token !== undefined && UNITS.has(token);
