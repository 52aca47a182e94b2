import type { Tx } from '../db/index.js';
import type { AppointmentChanged } from '../scheduling/appointments/index.js';
import {
  type ReminderRemovalReason,
  reminderOffsetsOf,
  removeAppointmentReminders,
  scheduleAppointmentReminders,
} from './appointment-reminders.js';

/**
 * Reminders' subscriber to appointment changes (boot/ hands it to the scheduling domain), run
 * inside the change's transaction so reminders and the change commit together: a booking gets
 * its reminders (rows and jobs); a move removes the old row's pending ones (`rescheduled`) and
 * schedules the new time's; a cancellation or recorded attendance removes the pending ones;
 * a confirmation changes nothing (the reminder still goes out, as it did before).
 */
export async function remindOnAppointmentChanged(tx: Tx, event: AppointmentChanged): Promise<void> {
  const schedule = async (appointment: { id: number; tenantId: number; customerId: number; startsAt: Date }) => {
    const offsets = await reminderOffsetsOf(tx, appointment.tenantId);
    const target = {
      tenantId: appointment.tenantId,
      appointmentId: appointment.id,
      customerId: appointment.customerId,
      startsAt: appointment.startsAt,
    };
    await scheduleAppointmentReminders(tx, target, offsets, event.at);
  };
  const remove = (appointment: { id: number; tenantId: number }, reason: ReminderRemovalReason) =>
    removeAppointmentReminders(tx, { tenantId: appointment.tenantId, appointmentId: appointment.id }, reason);
  switch (event.kind) {
    case 'booked':
      await schedule(event.appointment);
      return;
    case 'moved':
      await remove(event.previous, 'rescheduled');
      await schedule(event.appointment);
      return;
    case 'cancelled':
      await remove(event.appointment, 'cancelled');
      return;
    case 'status_changed':
      if (event.appointment.status === 'attended' || event.appointment.status === 'no_show') {
        await remove(event.appointment, event.appointment.status);
      }
      return;
  }
}
