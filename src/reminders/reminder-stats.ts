import type { Queryable } from '../db/index.js';

/** Attendance of one group of reminded appointments whose start has passed (cancelled ones left out). */
export interface AttendanceFigures {
  /** started before `now` and not cancelled */
  started: number;
  /** marked `attended` by staff */
  attended: number;
  /** marked `no_show` by staff */
  noShow: number;
  /** not marked by staff: still `booked` or `confirmed` after their start (never turned into a no-show by itself) */
  unmarked: number;
  /** noShow / (attended + noShow): over the marked ones only; null when none was marked */
  noShowRate: number | null;
}

/**
 * What reminders did for one tenant's appointments that start in `[from, to)`. Every figure
 * counts appointments (a move keeps the row; moves made before that left a cancelled row behind):
 * - `remindedAppointments`: appointments with at least one reminder actually sent to the
 *   customer (`appointment_reminders.status = 'sent'`, or answered, which implies sent);
 * - `confirmedThroughReminder`: of those, the ones the customer confirmed by tapping Confirmar
 *   (an `appointment_events` row `confirmed` by actor `customer_reminder`), whatever happened after;
 * - `confirmationRate` = confirmedThroughReminder / remindedAppointments (null when none was reminded);
 * - `cancelledThroughReminder`: of those, the ones cancelled by tapping Cancelar (an event
 *   `cancelled` by actor `customer_reminder`); `cancellationRate` = that / remindedAppointments;
 * - `rescheduleAsked`: of those, the ones with a reminder answered Remarcar (its latest answer,
 *   `reschedule`); `rescheduledThroughReminder`: the ones then moved in that flow (a `rescheduled`
 *   history entry with source `reminder`; for the older moves, a new row with that source);
 * - `attendance.confirmed` / `attendance.unconfirmed`: reminded appointments that started before
 *   `now` and are not cancelled, split by whether the customer confirmed through a reminder; their
 *   no-show rate is no_show / (attended + no_show), appointments staff did not mark being counted
 *   apart (`unmarked`), since nobody knows whether those customers came.
 */
export interface ReminderStats {
  tenantId: number;
  from: Date;
  to: Date;
  remindedAppointments: number;
  confirmedThroughReminder: number;
  confirmationRate: number | null;
  cancelledThroughReminder: number;
  cancellationRate: number | null;
  rescheduleAsked: number;
  rescheduledThroughReminder: number;
  attendance: { confirmed: AttendanceFigures; unconfirmed: AttendanceFigures };
}

interface Row {
  reminded: number;
  confirmed: number;
  cancelled: number;
  reschedule_asked: number;
  rescheduled: number;
  confirmed_started: number;
  confirmed_attended: number;
  confirmed_no_show: number;
  unconfirmed_started: number;
  unconfirmed_attended: number;
  unconfirmed_no_show: number;
}

/** The reminder figures of one tenant for appointments starting in `[from, to)`, attendance as of `now` (see ReminderStats). */
export async function computeReminderStats(
  db: Queryable,
  query: { tenantId: number; from: Date; to: Date; now: Date },
): Promise<ReminderStats> {
  const [row] = await db.$queryRaw<Row[]>`
    WITH reminded AS (
      SELECT a.id, a.status, a.starts_at < ${query.now} AND a.status <> 'cancelled' AS started,
        EXISTS (SELECT 1 FROM appointment_events e WHERE e.tenant_id = a.tenant_id AND e.appointment_id = a.id
                  AND e.change = 'confirmed' AND e.actor_kind = 'customer_reminder') AS confirmed,
        EXISTS (SELECT 1 FROM appointment_events e WHERE e.tenant_id = a.tenant_id AND e.appointment_id = a.id
                  AND e.change = 'cancelled' AND e.actor_kind = 'customer_reminder') AS cancelled,
        EXISTS (SELECT 1 FROM appointment_reminders r WHERE r.tenant_id = a.tenant_id AND r.appointment_id = a.id
                  AND r.answer = 'reschedule') AS reschedule_asked,
        (EXISTS (SELECT 1 FROM appointment_events e WHERE e.tenant_id = a.tenant_id AND e.appointment_id = a.id
                   AND e.change = 'rescheduled' AND e.details->>'source' = 'reminder')
          OR EXISTS (SELECT 1 FROM appointments moved WHERE moved.tenant_id = a.tenant_id AND moved.rescheduled_from_id = a.id
                       AND moved.source = 'reminder')) AS rescheduled
      FROM appointments a
      WHERE a.tenant_id = ${query.tenantId} AND a.starts_at >= ${query.from} AND a.starts_at < ${query.to}
        AND EXISTS (SELECT 1 FROM appointment_reminders r WHERE r.tenant_id = a.tenant_id AND r.appointment_id = a.id
                      AND (r.status = 'sent' OR r.answer IS NOT NULL))
    )
    SELECT count(*)::int AS reminded,
      count(*) FILTER (WHERE confirmed)::int AS confirmed,
      count(*) FILTER (WHERE cancelled)::int AS cancelled,
      count(*) FILTER (WHERE reschedule_asked)::int AS reschedule_asked,
      count(*) FILTER (WHERE rescheduled)::int AS rescheduled,
      count(*) FILTER (WHERE started AND confirmed)::int AS confirmed_started,
      count(*) FILTER (WHERE started AND confirmed AND status = 'attended')::int AS confirmed_attended,
      count(*) FILTER (WHERE started AND confirmed AND status = 'no_show')::int AS confirmed_no_show,
      count(*) FILTER (WHERE started AND NOT confirmed)::int AS unconfirmed_started,
      count(*) FILTER (WHERE started AND NOT confirmed AND status = 'attended')::int AS unconfirmed_attended,
      count(*) FILTER (WHERE started AND NOT confirmed AND status = 'no_show')::int AS unconfirmed_no_show
    FROM reminded`;
  const figures = row as Row;
  const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);
  const attendance = (started: number, attended: number, noShow: number): AttendanceFigures => ({
    started,
    attended,
    noShow,
    unmarked: started - attended - noShow,
    noShowRate: rate(noShow, attended + noShow),
  });
  return {
    tenantId: query.tenantId,
    from: query.from,
    to: query.to,
    remindedAppointments: figures.reminded,
    confirmedThroughReminder: figures.confirmed,
    confirmationRate: rate(figures.confirmed, figures.reminded),
    cancelledThroughReminder: figures.cancelled,
    cancellationRate: rate(figures.cancelled, figures.reminded),
    rescheduleAsked: figures.reschedule_asked,
    rescheduledThroughReminder: figures.rescheduled,
    attendance: {
      confirmed: attendance(figures.confirmed_started, figures.confirmed_attended, figures.confirmed_no_show),
      unconfirmed: attendance(figures.unconfirmed_started, figures.unconfirmed_attended, figures.unconfirmed_no_show),
    },
  };
}
