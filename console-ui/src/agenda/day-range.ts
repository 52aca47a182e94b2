import type { Appointment } from '../../../src/contract/index.js';
import { clockOf, minutesOf } from '../format.js';

export const ROW_MINUTES = 15;

/**
 * An appointment's minutes on the day it starts: its end is 24:00 when it runs past midnight (its
 * end's clock, "00:30", belongs to the next day). Read from the appointment alone, not from the
 * day shown, so a column keeps its nodes' keys while another day's data is on its way.
 */
export function minutesOfAppointment(appointment: Pick<Appointment, 'start' | 'end'>): { from: number; to: number } {
  const from = minutesOf(clockOf(appointment.start));
  const to = appointment.end.slice(0, 10) > appointment.start.slice(0, 10) ? 24 * 60 : minutesOf(clockOf(appointment.end));
  return { from, to };
}

/**
 * The rows the day needs: 08:00–20:00 at least, widened to every appointment, free time and
 * block start shown, and to now (today). An appointment that runs past midnight widens the day
 * to its end, 24:00 (its end's clock, "00:30", belongs to the next day).
 */
export function dayRange(
  appointments: Appointment[],
  free: Map<number, string[]>,
  nowMinute: number | null,
  blockStarts: number[] = [],
): [number, number] {
  let start = Math.min(8 * 60, nowMinute ?? 8 * 60);
  let end = Math.max(20 * 60, nowMinute === null ? 0 : nowMinute + ROW_MINUTES);
  for (const appointment of appointments) {
    const { from, to } = minutesOfAppointment(appointment);
    start = Math.min(start, from);
    end = Math.max(end, to);
  }
  for (const minute of blockStarts) {
    start = Math.min(start, minute);
    end = Math.max(end, minute + ROW_MINUTES);
  }
  for (const slots of free.values()) {
    for (const slot of slots) {
      start = Math.min(start, minutesOf(slot));
      end = Math.max(end, minutesOf(slot) + ROW_MINUTES);
    }
  }
  return [Math.floor(start / 60) * 60, Math.ceil(end / 60) * 60];
}
