import { TZDate } from '@date-fns/tz';
import { describe, expect, it } from 'vitest';
import { dayClock, localDateOf, localInstant, localTimeOf } from '../../src/shared/index.js';

const zones = ['America/Sao_Paulo', 'America/New_York', 'Europe/Lisbon', 'Australia/Lord_Howe', 'Asia/Kathmandu'];
const tzDateLabel = (instant: number, zone: string) => {
  const local = new TZDate(instant, zone);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
};

describe('local time arithmetic', () => {
  it('when formatting instants over years of DST changes, then the labels equal TZDate’s', () => {
    const mismatches: string[] = [];
    for (const zone of zones) {
      for (let instant = Date.UTC(2018, 0, 1); instant < Date.UTC(2028, 0, 1); instant += 7 * 3_600_000 + 13 * 60_000) {
        const label = `${localDateOf(instant, zone)}T${localTimeOf(instant, zone)}`;
        if (label !== tzDateLabel(instant, zone)) mismatches.push(`${zone} ${new Date(instant).toISOString()} ${label}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('when a wall time exists once, then it maps back to itself; in a gap it lands just after the gap', () => {
    // New York 2027-03-14: 02:00–02:59 does not exist.
    expect(new Date(localInstant('2027-03-14', 150, 'America/New_York')).toISOString()).toBe('2027-03-14T07:30:00.000Z');
    for (const zone of zones) {
      for (const date of ['2027-03-14', '2027-03-28', '2027-04-04', '2027-10-03', '2027-11-07', '2026-12-02']) {
        for (let minute = 0; minute < 1440; minute += 15) {
          const instant = localInstant(date, minute, zone);
          const label = `${localDateOf(instant, zone)}T${localTimeOf(instant, zone)}`;
          const clock = dayClock(date, zone);
          expect(clock.instantOf(minute)).toBe(instant);
          expect(clock.timeOf(instant)).toBe(localTimeOf(instant, zone));
          if (label.slice(11) !== `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`) {
            // Only a gap may move the label, and always forward by the size of the gap.
            expect(instant).toBeGreaterThan(localInstant(date, minute - 15, zone));
          }
        }
      }
    }
  });

  it('when a wall time is ambiguous (fall back), then the first occurrence is chosen on both sides of UTC', () => {
    expect(new Date(localInstant('2027-11-07', 90, 'America/New_York')).toISOString()).toBe('2027-11-07T05:30:00.000Z');
    expect(new Date(localInstant('2027-10-31', 90, 'Europe/Lisbon')).toISOString()).toBe('2027-10-31T00:30:00.000Z');
  });
});
