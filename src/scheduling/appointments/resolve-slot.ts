import type { Queryable } from '../../db/index.js';
import { localDateTimeOf, localInstant, parseLocalDateTime } from '../../shared/index.js';
import {
  type BookableService,
  type BookingSettings,
  type BookingWindow,
  bookingWindow,
  findNearestFreeSlots,
  findNextDateWithSlots,
  loadResourceCheck,
  loadSchedule,
  type Named,
  type Refused,
  refused,
  resolveProfessionalService,
} from '../availability/index.js';
import type { AppointmentRefusal } from './appointment-refusal.js';
import type { BookingRules } from './booking-policy.js';
import { decideStart } from './decide-start.js';

/** A start the rules allow, with what the booking needs to write it (and to word a refusal at insert). */
export interface FreeSlot {
  kind: 'free';
  settings: BookingSettings;
  window: BookingWindow;
  professional: Named;
  service: BookableService;
  startsAt: Date;
  endsAt: Date;
  /** true when it lies outside the professional's working hours (staff said `outsideHours`) */
  outsideHours: boolean;
}

export interface SlotRequest {
  tenantId: number;
  professionalId: number;
  serviceId: number;
  /** Local "YYYY-MM-DDTHH:mm". */
  start: string;
  now: Date;
  rules: BookingRules;
  /** The appointment being rescheduled: its own time does not count as busy. */
  ignoreAppointmentId?: number | null;
  /** a waitlist offer's own tap: that offer's hold does not keep the time from it */
  waitlistOfferId?: number | null;
}

/** How recent a conflicting booking must be for the refusal to say "just taken". */
const JUST_TAKEN_SECONDS = 120;

/**
 * Checks a requested start against the professional's schedule under the rules (see
 * decideStart) and returns its instants, or the refusal completed with what its reader needs
 * (the nearest free starts, the next working date, the appointment it overlaps). A start
 * where a resource the service needs is used up is refused `resource_taken`. One schedule
 * read in the common case (and one of the resources' use for a service that needs one); a refusal costs one or two more. The final word on collisions
 * stays with the database constraint at insert time.
 */
export async function resolveSlot(db: Queryable, request: SlotRequest): Promise<FreeSlot | Refused<AppointmentRefusal>> {
  const parsed = parseLocalDateTime(request.start);
  if (!parsed) return refused({ kind: 'invalid_start', start: request.start });
  const ignoreAppointmentId = request.ignoreAppointmentId ?? null;
  const schedule = await loadSchedule(db, { ...request, fromDate: parsed.date, toDate: parsed.date, ignoreAppointmentId });
  const resolved = await resolveProfessionalService(db, request.tenantId, schedule, request);
  if (resolved.kind === 'refused') return resolved;
  const { professional, service } = resolved;
  const { settings } = schedule;
  const window = bookingWindow(settings, request.now, request.rules);
  const instant = localInstant(parsed.date, parsed.minute, settings.timezone);
  const verdict = decideStart({ ...request, schedule, service, window, date: parsed.date, instant });
  const alternatives = () =>
    findNearestFreeSlots(db, {
      tenantId: request.tenantId,
      professionalId: professional.id,
      service,
      around: instant,
      timezone: settings.timezone,
      window,
      ignoreAppointmentId,
    });
  const start = request.start;
  switch (verdict.kind) {
    case 'free': {
      // The professional is free; every resource the service needs must have a unit free as long (its buffer included).
      const isResourceFree = await loadResourceCheck(db, {
        tenantId: request.tenantId,
        service,
        fromDate: parsed.date,
        toDate: parsed.date,
        ignoreAppointmentIds: ignoreAppointmentId ? [ignoreAppointmentId] : [],
      });
      if (!isResourceFree(verdict.startsAt)) return refused({ kind: 'resource_taken', start, alternatives: await alternatives() });
      return {
        kind: 'free',
        settings,
        window,
        professional,
        service,
        startsAt: new Date(verdict.startsAt),
        endsAt: new Date(verdict.endsAt),
        outsideHours: verdict.outsideHours,
      };
    }
    case 'skipped_by_clock':
      return refused({ kind: 'time_skipped', start, timezone: settings.timezone });
    case 'start_past':
      return refused({ kind: 'start_past', start, now: localDateTimeOf(request.now.getTime(), settings.timezone) });
    case 'beyond_horizon':
      return refused({ kind: 'beyond_horizon', date: parsed.date, lastDate: window.lastDate, horizonDays: settings.horizonDays });
    case 'closed_day': {
      const base = { tenantId: request.tenantId, professionalId: professional.id, service, window, ignoreAppointmentId };
      const nextDate = await findNextDateWithSlots(db, { ...base, afterDate: parsed.date });
      return refused({ kind: 'holiday', date: parsed.date, name: verdict.name, nextDate });
    }
    case 'no_working_hours': {
      const base = { tenantId: request.tenantId, professionalId: professional.id, service, window, ignoreAppointmentId };
      const nextDate = await findNextDateWithSlots(db, { ...base, afterDate: parsed.date });
      return refused({ kind: 'no_working_hours', professional, date: parsed.date, nextDate, lastDate: window.lastDate });
    }
    case 'notice':
      return refused({ kind: 'notice', start, minutes: settings.minNoticeMinutes, alternatives: await alternatives() });
    case 'outside_working_hours':
      return refused({ kind: 'outside_working_hours', start, professional, service, alternatives: await alternatives() });
    case 'not_offered':
      return refused({ kind: 'not_offered', start, professional, alternatives: await alternatives() });
    case 'busy': {
      const taken = await findOverlappingAppointment(db, {
        tenantId: request.tenantId,
        professionalId: professional.id,
        start: new Date(verdict.startsAt),
        end: new Date(verdict.endsAt),
        ignoreAppointmentId,
      });
      return refused(
        taken
          ? { kind: 'slot_taken', start, professional, appointmentId: taken.id, justNow: taken.justNow, alternatives: await alternatives() }
          : { kind: 'time_off', start, professional, alternatives: await alternatives() },
      );
    }
  }
}

/**
 * An appointment (any status but cancelled) of the professional overlapping [start, end),
 * preferring one booked moments ago (database time: recency is real time, not the business
 * clock), or null when what overlaps is time off or a block.
 */
async function findOverlappingAppointment(
  db: Queryable,
  query: { tenantId: number; professionalId: number; start: Date; end: Date; ignoreAppointmentId: number | null },
): Promise<{ id: number; justNow: boolean } | null> {
  const rows = await db.$queryRaw<{ id: number; just_now: boolean }[]>`
    SELECT id, created_at > now() - make_interval(secs => ${JUST_TAKEN_SECONDS}) AS just_now FROM appointments
     WHERE tenant_id = ${query.tenantId}::int AND professional_id = ${query.professionalId}::int AND status NOT IN ('cancelled', 'expired')
       AND id <> ${query.ignoreAppointmentId ?? 0}::int
       AND tstzrange(starts_at, appointment_busy_until(ends_at, buffer_after_minutes), '[)') && tstzrange(${query.start}::timestamptz, ${query.end}::timestamptz, '[)')
     ORDER BY just_now DESC, starts_at LIMIT 1`;
  const row = rows[0];
  return row ? { id: row.id, justNow: row.just_now } : null;
}
