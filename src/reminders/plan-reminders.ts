/** One reminder to schedule: its offset and when it is due. */
export interface PlannedReminder {
  beforeMinutes: number;
  dueAt: Date;
}

/**
 * Pure: the reminders an appointment starting at `startsAt` gets for the tenant's offsets
 * (minutes before the start, elapsed time: 1440 is 24 hours earlier, also across a DST
 * change). A reminder whose time has already come at `now` is left out: an appointment
 * booked 90 minutes ahead gets no "2 hours before" reminder. Repeated offsets count once.
 * Earliest first.
 */
export function planReminders(startsAt: Date, offsets: readonly number[], now: Date): PlannedReminder[] {
  return [...new Set(offsets)]
    .filter((beforeMinutes) => Number.isInteger(beforeMinutes) && beforeMinutes > 0)
    .map((beforeMinutes) => ({ beforeMinutes, dueAt: new Date(startsAt.getTime() - beforeMinutes * 60_000) }))
    .filter((reminder) => reminder.dueAt.getTime() > now.getTime())
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}

/** The graphile-worker job key of one reminder: one job per appointment and offset. */
export function reminderJobKey(appointmentId: number, beforeMinutes: number): string {
  return `reminder:${appointmentId}:${beforeMinutes}`;
}
