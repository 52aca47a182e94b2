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
 * a confirmation changes nothing (the reminder still goes out, as it did before). An appointment
 * waiting for its deposit (`pending_payment`) gets its reminders once the deposit is settled
 * (`booked` from `pending_payment`); an expired hold never had any. A visit is
 * reminded once: only the row that starts it (its first service, the first a booking or a
 * move writes) gets reminders, which speak for the whole visit (send-reminder.ts).
 */
export async function remindOnAppointmentChanged(tx: Tx, event: AppointmentChanged): Promise<void> {
  const schedule = async (appointment: { id: number; tenantId: number; customerId: number; startsAt: Date; visitId: number | null }) => {
    // A visit gets one reminder, on its first service: its later rows get none.
    if (appointment.visitId !== null && !(await leadsItsVisit(tx, { ...appointment, visitId: appointment.visitId }))) return;
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
      // Waiting for a deposit is not booked yet: reminders come when it is paid (status_changed to booked).
      if (event.appointment.status === 'pending_payment') return;
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
      if (event.appointment.status === 'booked' && event.from === 'pending_payment') await schedule(event.appointment);
      return;
  }
}

/** Whether no other live row of the visit starts before this one (booking and moving write a visit's rows in order). */
async function leadsItsVisit(tx: Tx, appointment: { id: number; tenantId: number; visitId: number; startsAt: Date }): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ leads: boolean }[]>`
    SELECT NOT EXISTS (
      SELECT 1 FROM appointments
       WHERE tenant_id = ${appointment.tenantId}::int AND visit_id = ${appointment.visitId}::int AND id <> ${appointment.id}::int
         AND status <> 'cancelled' AND (starts_at < ${appointment.startsAt} OR (starts_at = ${appointment.startsAt} AND id < ${appointment.id}::int))
    ) AS leads`;
  return row?.leads ?? true;
}
