import { randomBytes } from 'node:crypto';
import type { Prisma } from '../db/index.js';
import { enqueueJob, removeJobByKey, TASKS } from '../queue/index.js';
import { readReminderSettings } from '../tenant/index.js';
import { planReminders, reminderJobKey } from './plan-reminders.js';

/** Attempts of a reminder's send job (a database blip); past them the row stays `scheduled` and nothing is sent. */
const REMINDER_JOB_MAX_ATTEMPTS = 5;

/** Why an appointment's scheduled reminders were removed (`appointment_reminders.status_reason`). */
export type ReminderRemovalReason = 'cancelled' | 'rescheduled' | 'attended' | 'no_show';

/**
 * Schedules the reminders of a newly booked appointment in the booking's own transaction
 * (called by createAppointmentRow, the one insert every booking path shares: the agent, the
 * offline assistant, staff, a reminder's flow, and the new row of every reschedule): per
 * offset of the tenant's `reminders` block whose time is still ahead, one
 * `appointment_reminders` row with a fresh payload token and one `send-reminder` job keyed
 * `reminder:<appointment id>:<before minutes>` that runs at the due time. Both commit or
 * roll back with the booking. Returns how many were scheduled.
 *
 * The payload token is 16 random bytes, base64url (22 characters): the reminder's quick-reply
 * buttons carry it (src/reminders/reminder-payload.ts), and only this row maps it back to the
 * appointment, so it cannot be altered into another customer's.
 */
export async function scheduleAppointmentReminders(
  tx: Prisma.TransactionClient,
  appointment: { tenantId: number; appointmentId: number; customerId: number; startsAt: Date },
  now: Date,
): Promise<number> {
  const tenant = await tx.tenant.findUnique({ where: { id: appointment.tenantId }, select: { reminders: true } });
  const offsets = readReminderSettings(tenant?.reminders).map((setting) => setting.beforeMinutes);
  const planned = planReminders(appointment.startsAt, offsets, now);
  for (const reminder of planned) {
    const row = await tx.appointmentReminder.create({
      data: {
        tenantId: appointment.tenantId,
        appointmentId: appointment.appointmentId,
        customerId: appointment.customerId,
        beforeMinutes: reminder.beforeMinutes,
        dueAt: reminder.dueAt,
        startsAt: appointment.startsAt,
        payloadToken: randomBytes(16).toString('base64url'),
      },
      select: { id: true },
    });
    await enqueueJob(tx, {
      task: TASKS.sendReminder,
      payload: { reminderId: row.id },
      runAt: reminder.dueAt,
      jobKey: reminderJobKey(appointment.appointmentId, reminder.beforeMinutes),
      jobKeyMode: 'replace',
      maxAttempts: REMINDER_JOB_MAX_ATTEMPTS,
    });
  }
  return planned.length;
}

/**
 * Removes the appointment's reminders that are still to be sent, in the caller's transaction
 * (the cancellation's or the move's): each `scheduled` row becomes `removed` with `reason`, and
 * its job is removed by its key (no scan of the queue). Reminders already sent, skipped or
 * failed keep their status. A send job running at this very moment waits for the
 * appointment's lock and then finds it no longer booked, so it sends nothing.
 */
export async function removeAppointmentReminders(
  tx: Prisma.TransactionClient,
  appointment: { tenantId: number; appointmentId: number },
  reason: ReminderRemovalReason,
): Promise<number> {
  const removed = await tx.$queryRaw<{ before_minutes: number }[]>`
    UPDATE appointment_reminders SET status = 'removed', status_reason = ${reason}, updated_at = now()
     WHERE tenant_id = ${appointment.tenantId} AND appointment_id = ${appointment.appointmentId} AND status = 'scheduled'
    RETURNING before_minutes`;
  for (const row of removed) await removeJobByKey(tx, reminderJobKey(appointment.appointmentId, row.before_minutes));
  return removed.length;
}
