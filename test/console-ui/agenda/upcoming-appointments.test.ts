import { describe, expect, it } from 'vitest';
import { upcomingAppointments } from '../../../console-ui/src/agenda/upcoming-appointments.js';
import type { Appointment } from '../../../src/contract/index.js';

const appointment = (id: number, start: string, end: string, status: Appointment['status'] = 'confirmed'): Appointment =>
  ({
    id,
    start,
    end,
    status,
    source: 'staff',
    professional: { id: 1, name: 'Ana' },
    service: { id: 1, name: 'Corte' },
    customer: { id: id, name: `Cliente ${id}`, phone: null },
    visitId: null,
    priceCents: null,
  }) as Appointment;

const ids = (list: Appointment[]) => list.map((item) => item.id);

// The phone's "Próximos atendimentos": what is still ahead on the day shown.
describe('the day’s next appointments', () => {
  const now = { date: '2026-12-04', time: '22:50' };

  it('when one runs past midnight, then it is still ahead late in the evening (its end is tomorrow, not "00:45" of today)', () => {
    const late = appointment(1, '2026-12-04T23:45', '2026-12-05T00:45');
    expect(ids(upcomingAppointments([late], '2026-12-04', now))).toEqual([1]);
  });

  it('when the day is today, then those over and those cancelled are left out, the rest by start, five at most', () => {
    const day = [
      appointment(1, '2026-12-04T09:00', '2026-12-04T10:00'),
      appointment(2, '2026-12-04T22:30', '2026-12-04T23:00'),
      appointment(3, '2026-12-04T23:00', '2026-12-04T23:30', 'cancelled'),
      ...[7, 6, 5, 4, 8].map((id) => appointment(id, `2026-12-04T23:${String(id * 5).padStart(2, '0')}`, '2026-12-05T00:30')),
    ];
    expect(ids(upcomingAppointments(day, '2026-12-04', now))).toEqual([2, 4, 5, 6, 7]);
  });

  it('when the day shown is past, then nothing is ahead; when it is later, all of it is', () => {
    const one = appointment(1, '2026-12-03T09:00', '2026-12-03T10:00');
    expect(upcomingAppointments([one], '2026-12-03', now)).toEqual([]);
    const later = appointment(2, '2026-12-07T08:00', '2026-12-07T09:00');
    expect(ids(upcomingAppointments([later], '2026-12-07', now))).toEqual([2]);
  });
});
