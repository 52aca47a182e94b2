import { localDateTimeOf, ToolDomainException } from '../shared/index.js';
import type { AppointmentView } from './appointment-view.js';
import { schedulingMessages } from './scheduling-messages.js';

/**
 * Refuses changes to a booked appointment that already started, or that starts within the
 * tenant's cancellation notice (rescheduling frees the old time too, so the same rule holds).
 */
export function assertChangeable(appointment: AppointmentView, now: Date): void {
  const start = localDateTimeOf(appointment.startsAt.getTime(), appointment.timezone);
  if (appointment.startsAt.getTime() <= now.getTime()) {
    throw new ToolDomainException(schedulingMessages.appointmentPast(appointment.id, start), 'appointment_past');
  }
  if (appointment.startsAt.getTime() - now.getTime() < appointment.cancelNoticeMinutes * 60_000) {
    throw new ToolDomainException(schedulingMessages.cancelNotice(appointment.id, start, appointment.cancelNoticeMinutes), 'cancel_notice');
  }
}
