import type { WeekdayKey } from '../../../src/contract/index.js';

/** Monday first, as a salon reads its week. */
export const WEEKDAYS: { key: WeekdayKey; label: string }[] = [
  { key: 'mon', label: 'Segunda' },
  { key: 'tue', label: 'Terça' },
  { key: 'wed', label: 'Quarta' },
  { key: 'thu', label: 'Quinta' },
  { key: 'fri', label: 'Sexta' },
  { key: 'sat', label: 'Sábado' },
  { key: 'sun', label: 'Domingo' },
];

/** One weekday as the form edits it: open or not, opening and closing, and an optional break. */
export interface DayRow {
  works: boolean;
  start: string;
  end: string;
  breakStart: string;
  breakEnd: string;
}

/** A day's intervals as a row: the first interval's end and the second's start are the break. */
export function dayRowOf(intervals: [string, string][] | undefined): DayRow {
  const [first, second] = intervals ?? [];
  if (!first) return { works: false, start: '09:00', end: '18:00', breakStart: '', breakEnd: '' };
  const last = intervals?.at(-1) ?? first;
  return second
    ? { works: true, start: first[0], end: last[1], breakStart: first[1], breakEnd: second[0] }
    : { works: true, start: first[0], end: first[1], breakStart: '', breakEnd: '' };
}

/** The row as the tenant file's intervals (the service judges them: order, overlaps, empty ones). */
export function intervalsOf(row: DayRow): [string, string][] {
  if (!row.works) return [];
  if (row.breakStart === '' && row.breakEnd === '') return [[row.start, row.end]];
  return [
    [row.start, row.breakStart],
    [row.breakEnd, row.end],
  ];
}
