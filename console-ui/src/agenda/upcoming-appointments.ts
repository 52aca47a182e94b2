import type { Appointment } from '../../../src/contract/index.js';

/**
 * The day's next appointments (not cancelled, not yet over when the day is today), by start: at
 * most five. The end is compared with its date: one that runs past midnight ends "00:45" tomorrow.
 */
export function upcomingAppointments(appointments: Appointment[], date: string, now: { date: string; time: string }): Appointment[] {
  if (date < now.date) return [];
  return appointments
    .filter((appointment) => appointment.status !== 'cancelled')
    .filter((appointment) => date > now.date || appointment.end > `${now.date}T${now.time}`)
    .sort((a, b) => a.start.localeCompare(b.start))
    .slice(0, 5);
}
