/** Every status an appointment can have (the `appointments_status_check` constraint). */
export const APPOINTMENT_STATUSES = ['booked', 'confirmed', 'cancelled', 'attended', 'no_show', 'pending_payment', 'expired'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** Who made an appointment row (`appointments.source`). */
export const APPOINTMENT_SOURCES = ['bot', 'staff', 'reminder', 'waitlist'] as const;
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number];

/**
 * Statuses of an appointment still ahead that can be cancelled, moved or confirmed. Every
 * status but those of RELEASED_STATUSES holds its time (the exclusion constraint's `WHERE
 * status NOT IN ('cancelled', 'expired')`); attended and no_show only exist once the
 * appointment started. `pending_payment` (a deposit not paid yet) holds its slot but is not
 * booked: it is neither upcoming nor confirmable until the deposit is settled.
 */
export const UPCOMING_STATUSES = ['booked', 'confirmed'] as const satisfies readonly AppointmentStatus[];

/**
 * Statuses that no longer hold the professional's time or a resource: a cancellation, and a
 * deposit's hold that ran out unpaid (`expired`). Every SQL "still holds its time" predicate
 * and the `appointments_no_overlap` constraint use exactly these.
 */
export const RELEASED_STATUSES = ['cancelled', 'expired'] as const satisfies readonly AppointmentStatus[];

/** Attendance outcomes staff record for an appointment that started. */
export const ATTENDANCE_STATUSES = ['attended', 'no_show'] as const satisfies readonly AppointmentStatus[];
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];

/** A stored status as the union (the CHECK constraint guarantees it; anything else is a bug). */
export function toAppointmentStatus(value: string): AppointmentStatus {
  if ((APPOINTMENT_STATUSES as readonly string[]).includes(value)) return value as AppointmentStatus;
  throw new Error(`unknown appointment status ${value}`);
}

/** A stored source as the union. */
export function toAppointmentSource(value: string): AppointmentSource {
  if ((APPOINTMENT_SOURCES as readonly string[]).includes(value)) return value as AppointmentSource;
  throw new Error(`unknown appointment source ${value}`);
}

/** True for booked and confirmed: the appointment is still to happen and can change. */
export function isUpcomingStatus(status: AppointmentStatus): boolean {
  return (UPCOMING_STATUSES as readonly string[]).includes(status);
}

/** True for cancelled and expired: the appointment gave its time back. */
export function isReleasedStatus(status: AppointmentStatus): boolean {
  return (RELEASED_STATUSES as readonly string[]).includes(status);
}
