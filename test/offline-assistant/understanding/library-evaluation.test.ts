import { tz } from '@date-fns/tz';
import anyDateParser from 'any-date-parser';
import * as chrono from 'chrono-node';
import { format } from 'date-fns/format';
import { describe, expect, it } from 'vitest';
import { readRequest } from '../../../src/offline-assistant/understanding/index.js';
import { localToday } from '../../../src/shared/index.js';
import { corpus, demoCatalog, labelsOf } from './corpus-labels.js';

const now = new Date(corpus.now);
const today = localToday(now, corpus.timezone);
const local = (date: Date, pattern: string) => format(date, pattern, { in: tz(corpus.timezone) });

/**
 * chrono-node's Portuguese parser (`chrono.pt`, forward dates, São Paulo offset) read as
 * generously as it allows: the first result with a certain day or weekday is the day, the
 * first with a certain hour the time. It has no notion of windows ("de tarde") or "o mais
 * cedo possível", so those labels are misses for it.
 */
function chronoLabels(text: string): { day: string | null; time: string | null } {
  const results = chrono.pt.parse(text, { instant: now, timezone: -180 }, { forwardDate: true });
  const withDay = results.find((result) => result.start.isCertain('day') || result.start.isCertain('weekday'));
  const withHour = results.find((result) => result.start.isCertain('hour'));
  return {
    day: withDay ? local(withDay.start.date(), 'yyyy-MM-dd') : null,
    time: withHour ? local(withHour.start.date(), 'HH:mm') : null,
  };
}

/**
 * any-date-parser (`attempt`, locale pt-BR) reads a whole string as one date: its day and
 * month (this month when missing) and its hour and minute, when it finds them.
 */
function anyDateParserLabels(text: string): { day: string | null; time: string | null } {
  const found = anyDateParser.attempt(text, 'pt-BR') as { year?: number; month?: number; day?: number; hour?: number; minute?: number };
  const two = (value: number) => String(value).padStart(2, '0');
  const day = found.day ? `${found.year ?? 2026}-${two(found.month ?? 12)}-${two(found.day)}` : null;
  return { day, time: found.hour !== undefined ? `${two(found.hour)}:${two(found.minute ?? 0)}` : null };
}

describe('libraries measured against the corpus (day and time fields)', () => {
  it('when chrono-node (pt), any-date-parser and our reader read the same messages, then the accuracy of each is printed and ours is not worse', () => {
    const score = (read: (text: string) => { day: string | null; time: string | null }) => {
      let day = 0;
      let time = 0;
      let namedDay = 0;
      let namedTime = 0;
      for (const message of corpus.messages) {
        const labels = read(message.text);
        if (labels.day === message.day) day++;
        if (labels.time === message.time) time++;
        if (message.day !== null && labels.day === message.day) namedDay++;
        if (message.time !== null && labels.time === message.time) namedTime++;
      }
      return { day, time, namedDay, namedTime };
    };
    const ours = score((text) => labelsOf(readRequest({ text, catalog: demoCatalog, today })));
    const theirs = score(chronoLabels);
    const anyDate = score(anyDateParserLabels);
    const total = corpus.messages.length;
    const withDay = corpus.messages.filter((message) => message.day !== null).length;
    const withTime = corpus.messages.filter((message) => message.time !== null).length;
    const pct = (right: number, of = total) => `${right}/${of} (${((100 * right) / of).toFixed(1)} %)`;
    const line = (name: string, s: typeof ours) =>
      `${name.padEnd(24)} day ${pct(s.day)}  time ${pct(s.time)}  | named days ${pct(s.namedDay, withDay)}  named times ${pct(s.namedTime, withTime)}`;
    console.log(
      [
        `day and time fields, ${total} corpus messages:`,
        line('chrono-node 2.10.3 (pt)', theirs),
        line('any-date-parser 2.2.4', anyDate),
        line('our reader', ours),
      ].join('\n'),
    );
    for (const library of [theirs, anyDate]) {
      expect(ours.day).toBeGreaterThanOrEqual(library.day);
      expect(ours.time).toBeGreaterThanOrEqual(library.time);
    }
  });

  it('when chrono-node reads the phrases the issue names, then its known failures are still there (why it is not used)', () => {
    // "depois de amanhã às 3 da tarde" → tomorrow 03:00; "amanhã às 15h" loses the 15h; "semana que vem" → nothing.
    const [afterTomorrow] = chrono.pt.parse('depois de amanhã às 3 da tarde', { instant: now, timezone: -180 }, { forwardDate: true });
    expect(afterTomorrow && local(afterTomorrow.start.date(), "yyyy-MM-dd'T'HH:mm")).not.toBe('2026-12-03T15:00');
    expect(chronoLabels('amanhã às 15h').time).toBeNull();
    expect(chrono.pt.parse('semana que vem', { instant: now, timezone: -180 })).toEqual([]);
  });
});
