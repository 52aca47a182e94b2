import { describe, expect, it } from 'vitest';
import { nearestTimes, timesInWindow } from '../../src/offline-assistant/sentence/time-fit.js';

const free = (...times: string[]) => times.map((time) => ({ time, professionalId: 1, professionalName: 'Ana' }));

describe('free times that fit the words', () => {
  const day = free('09:00', '11:30', '12:00', '13:00', '14:00', '16:00', '17:45', '18:30');

  it('when 15:00 is taken, then the closest afternoon times come first, in clock order, never the morning or night', () => {
    expect(nearestTimes(day, { kind: 'at', time: '15:00', period: 'tarde' }, 3).map((slot) => slot.time)).toEqual([
      '13:00',
      '14:00',
      '16:00',
    ]);
  });

  it('when the period asked has no free time, then the closest of the whole day are offered', () => {
    const mornings = free('09:00', '10:00', '18:30');
    expect(nearestTimes(mornings, { kind: 'at', time: '15:00', period: 'tarde' }, 2).map((slot) => slot.time)).toEqual(['10:00', '18:30']);
  });

  it('when a window is asked, then only the starts inside [from, to) are kept', () => {
    expect(timesInWindow(day, '12:00', '18:00').map((slot) => slot.time)).toEqual(['12:00', '13:00', '14:00', '16:00', '17:45']);
  });
});
