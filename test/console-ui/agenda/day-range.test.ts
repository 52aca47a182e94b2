import { describe, expect, it } from 'vitest';
import { dayRange, minutesOfAppointment } from '../../../console-ui/src/agenda/day-range.js';
import type { Appointment } from '../../../src/contract/index.js';

const appointment = (start: string, end: string): Appointment =>
  ({
    id: 1,
    start,
    end,
    status: 'booked',
    source: 'bot',
    professional: { id: 1, name: 'Bia' },
    service: { id: 1, name: 'Corte' },
    customer: { id: 1, name: 'Rita Alves', phone: null },
    visitId: null,
    priceCents: null,
  }) as Appointment;

// The day grid's rows: an appointment outside them is drawn below the grid, where no click reaches it.
describe('the rows of the agenda’s day', () => {
  it('when an appointment runs past midnight, then the day’s rows reach midnight and take it in', () => {
    const late = appointment('2026-12-03T23:30', '2026-12-04T00:00');
    expect(dayRange([late], new Map(), null)).toEqual([8 * 60, 24 * 60]);
  });

  it('when an appointment comes after the usual hours on the same day, then the rows reach its end', () => {
    expect(dayRange([appointment('2026-12-03T21:00', '2026-12-03T21:45')], new Map(), null)).toEqual([8 * 60, 22 * 60]);
  });

  it('when nothing is outside 08:00–20:00, then those are the rows', () => {
    expect(dayRange([appointment('2026-12-03T10:00', '2026-12-03T10:30')], new Map(), null)).toEqual([8 * 60, 20 * 60]);
  });

  it('an appointment’s minutes are those of the day it starts, its end 24:00 when it runs past midnight', () => {
    expect(minutesOfAppointment(appointment('2026-12-03T23:30', '2026-12-04T00:15'))).toEqual({ from: 23 * 60 + 30, to: 24 * 60 });
    expect(minutesOfAppointment(appointment('2026-12-03T07:15', '2026-12-03T08:00'))).toEqual({ from: 7 * 60 + 15, to: 8 * 60 });
  });
});
