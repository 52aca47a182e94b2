import { randomBytes } from 'node:crypto';
import type { Tx } from '../db/index.js';
import { removeJobByKey, TASKS } from '../queue/index.js';
import { readReminderSettings } from '../tenant/index.js';
import { planReminders, reminderJobKey } from './plan-reminders.js';

/** Attempts of a reminder's send job (a database blip); past them the row stays `scheduled` and nothing is sent. */
const REMINDER_JOB_MAX_ATTEMPTS = 5;

/** Why an appointment's scheduled reminders were removed (`appointment_reminders.status_reason`). */
export type ReminderRemovalReason = 'cancelled' | 'rescheduled' | 'attended' | 'no_show';

/** The tenant's reminder offsets (minutes before a start), from its tenant file's `reminders` block. */
export async function reminderOffsetsOf(tx: Tx, tenantId: number): Promise<number[]> {
  const tenant = await tx.tenant.findUnique({ where: { id: tenantId }, select: { reminders: true } });
  return readReminderSettings(tenant?.reminders).map((setting) => setting.beforeMinutes);
}

/**
 * Schedules the reminders of a newly booked appointment in the booking's own transaction
 * (from remindOnAppointmentChanged, which every booking and every move calls): per
 * offset whose time is still ahead (planReminders), one `appointment_reminders` row with a
 * fresh payload token and one `send-reminder` job keyed `reminder:<appointment id>:<before
 * minutes>` that runs at the due time, all in one statement. Both commit or roll back with the
 * booking. Returns how many were scheduled (no statement at all when none is).
 *
 * The payload token is 16 random bytes, base64url (22 characters): the reminder's quick-reply
 * buttons carry it (src/reminders/reminder-payload.ts), and only this row maps it back to the
 * appointment, so it cannot be altered into another customer's.
 */
export async function scheduleAppointmentReminders(
  tx: Tx,
  appointment: { tenantId: number; appointmentId: number; customerId: number; startsAt: Date },
  offsets: readonly number[],
  now: Date,
): Promise<number> {
  const planned = planReminders(appointment.startsAt, offsets, now);
  if (planned.length === 0) return 0;
  const minutes = planned.map((reminder) => reminder.beforeMinutes);
  const dueAts = planned.map((reminder) => reminder.dueAt.toISOString());
  const tokens = planned.map(() => randomBytes(16).toString('base64url'));
  const jobKeys = planned.map((reminder) => reminderJobKey(appointment.appointmentId, reminder.beforeMinutes));
  // One round trip while the new appointment's row is held: concurrent bookings of the same
  // slot wait on it until this transaction ends.
  const jobs = await tx.$executeRaw`
    WITH planned AS (
      SELECT * FROM unnest(${minutes}::int[], ${dueAts}::text[]::timestamptz[], ${tokens}::text[], ${jobKeys}::text[])
        AS p(before_minutes, due_at, payload_token, job_key)
    ), inserted AS (
      INSERT INTO appointment_reminders (tenant_id, appointment_id, customer_id, before_minutes, due_at, starts_at, payload_token, updated_at)
      SELECT ${appointment.tenantId}, ${appointment.appointmentId}, ${appointment.customerId}, before_minutes, due_at,
             ${appointment.startsAt}, payload_token, now()
        FROM planned
      RETURNING id, before_minutes
    )
    SELECT graphile_worker.add_job(
      identifier => ${TASKS.sendReminder}::text,
      payload => json_build_object('reminderId', inserted.id),
      run_at => planned.due_at,
      max_attempts => ${REMINDER_JOB_MAX_ATTEMPTS}::int,
      job_key => planned.job_key,
      job_key_mode => 'replace'
    )
      FROM inserted JOIN planned USING (before_minutes)`;
  if (jobs !== planned.length) throw new Error(`scheduled ${jobs} reminder jobs for ${planned.length} reminders`);
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
  tx: Tx,
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
