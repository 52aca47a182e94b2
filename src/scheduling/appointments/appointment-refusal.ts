import type { AvailabilityRefusal, Named, VisitMisfit } from '../availability/index.js';

/**
 * Why the domain refuses a booking, a move or a status change, as data. Each edge translates
 * it for its reader: the bot's tools into pt-BR text for the model (the fact and the next
 * step), the admin routes into an HTTP error with a pt-BR message for staff. Local times are
 * the tenant's, written as the tools take them ("2026-12-01T14:30"); `alternatives` are the
 * nearest free starts in that form, soonest first.
 */
export type AppointmentRefusal =
  | AvailabilityRefusal
  /** not a local date and time */
  | { kind: 'invalid_start'; start: string }
  /** a wall time the clocks skip in the tenant's zone (a DST gap); customers hear `not_offered` instead */
  | { kind: 'time_skipped'; start: string; timezone: string }
  | { kind: 'start_past'; start: string; now: string }
  /** inside the tenant's minimum notice (customers only) */
  | { kind: 'notice'; start: string; minutes: number; alternatives: string[] }
  /** outside the professional's working hours (staff may say `outsideHours`) */
  | {
      kind: 'outside_working_hours';
      start: string;
      professional: Named;
      service: Named & { durationMinutes: number };
      alternatives: string[];
    }
  /** inside hours and free, but not a start customers are offered (off the step grid, a DST gap, a break) */
  | { kind: 'not_offered'; start: string; professional: Named; alternatives: string[] }
  /**
   * over another appointment of the professional; `justNow` when that one was booked moments ago
   * (or won the race at insert): whoever asked most likely saw the time free a moment ago
   */
  | { kind: 'slot_taken'; start: string; professional: Named; appointmentId: number | null; justNow: boolean; alternatives: string[] }
  /**
   * a visit (several services back to back) that does not fit from that start: a service would
   * end after closing (`outside_hours`), run into another appointment or time off (`busy`), or
   * find its resource in use (`resource_taken`); `alternatives` are that day's starts where it fits
   */
  | { kind: 'visit_not_fit'; start: string; reason: VisitMisfit; alternatives: string[] }
  /** the resource (room, basin) a service needs was taken at insert by a concurrent booking */
  | { kind: 'resource_taken'; start: string; alternatives: string[] }
  /** over the professional's time off or a block */
  | { kind: 'time_off'; start: string; professional: Named; alternatives: string[] }
  /** unknown id, another customer's or another tenant's (all alike) */
  | { kind: 'appointment_not_found'; appointmentId: number }
  | { kind: 'appointment_cancelled'; appointmentId: number }
  /** it already started (or is over: attended, no-show): it can no longer be cancelled, moved or confirmed */
  | { kind: 'appointment_started'; appointmentId: number; start: string }
  /** it starts inside the tenant's cancellation notice (customers only) */
  | { kind: 'cancel_notice'; appointmentId: number; start: string; minutes: number }
  /** attendance is recorded only once the appointment started */
  | { kind: 'not_started'; appointmentId: number; start: string };

export type AppointmentRefusalKind = AppointmentRefusal['kind'];
