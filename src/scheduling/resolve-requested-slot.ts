import type { Db, Prisma } from '../db/index.js';
import { ToolDomainException } from '../shared/index.js';
import { type BookingWindow, bookingWindow, slotsOnDate } from './booking-window.js';
import { findNearestFreeSlots } from './find-nearest-free-slots.js';
import { findNextDateWithSlots } from './find-next-date-with-slots.js';
import { type BookingSettings, loadSchedule, type ServiceInfo } from './load-schedule.js';
import { localDateTimeOf, localInstant, parseLocalDateTime, weekdayName, weekdayOf } from './local-time.js';
import { resolveProfessionalService } from './resolve-professional-service.js';
import { schedulingMessages } from './scheduling-messages.js';

type Tx = Db | Prisma.TransactionClient;

export interface RequestedSlot {
  settings: BookingSettings;
  window: BookingWindow;
  professional: { id: number; name: string };
  service: ServiceInfo;
  startsAt: Date;
  endsAt: Date;
}

export interface SlotRequest {
  tenantId: number;
  professionalId: number;
  serviceId: number;
  /** Local "YYYY-MM-DDTHH:mm". */
  start: string;
  now: Date;
  /** The appointment being rescheduled: its own time does not count as busy. */
  ignoreAppointmentId?: number | null;
}

/**
 * Checks that a requested start is one availability offers right now (working hours,
 * notice, horizon, time off, bookings) and returns its instants; never lets a booking
 * outside hours through. Refuses with the reason and, where useful, the nearest free times.
 * The final word on collisions stays with the database constraint at insert time.
 */
export async function resolveRequestedSlot(db: Tx, request: SlotRequest): Promise<RequestedSlot> {
  const parsed = parseLocalDateTime(request.start);
  if (!parsed) throw new ToolDomainException(schedulingMessages.invalidStart(request.start), 'invalid_start');
  const schedule = await loadSchedule(db, { ...request, fromDate: parsed.date, toDate: parsed.date });
  const { professional, service } = await resolveProfessionalService(db, request.tenantId, schedule, request);
  const { settings } = schedule;
  const window = bookingWindow(settings, request.now);
  const start = localInstant(parsed.date, parsed.minute, settings.timezone);
  const nearest = () =>
    findNearestFreeSlots(db, {
      tenantId: request.tenantId,
      professionalId: professional.id,
      service,
      around: start,
      timezone: settings.timezone,
      window,
      ignoreAppointmentId: request.ignoreAppointmentId ?? null,
    });

  if (start <= request.now.getTime()) {
    throw new ToolDomainException(
      schedulingMessages.startPast(request.start, localDateTimeOf(request.now.getTime(), settings.timezone)),
      'start_past',
    );
  }
  if (parsed.date > window.lastDate) {
    throw new ToolDomainException(schedulingMessages.beyondHorizon(parsed.date, window.lastDate, settings.horizonDays), 'beyond_horizon');
  }
  if ((schedule.hoursByWeekday[weekdayOf(parsed.date)] ?? []).length === 0) {
    const next = await findNextDateWithSlots(db, { ...request, professionalId: professional.id, service, afterDate: parsed.date, window });
    throw new ToolDomainException(
      schedulingMessages.noWorkingHours(
        professional.name,
        parsed.date,
        weekdayName(parsed.date),
        next ? { date: next, weekday: weekdayName(next) } : null,
        window.lastDate,
      ),
      'no_working_hours',
    );
  }
  if (start < window.earliest) {
    throw new ToolDomainException(
      schedulingMessages.minimumNotice(request.start, settings.minNoticeMinutes, await nearest()),
      'minimum_notice',
    );
  }
  // A wall time inside a DST gap resolves to another label: it is not an offered start.
  const offered =
    localDateTimeOf(start, settings.timezone) === request.start && slotsOnDate(schedule, service, parsed.date, window).includes(start);
  if (!offered) {
    const end = new Date(start + service.durationMinutes * 60_000);
    if (await isJustTaken(db, professional.id, new Date(start), end, request.ignoreAppointmentId ?? null)) {
      throw new ToolDomainException(schedulingMessages.slotJustTaken(request.start, professional.name, await nearest()), 'slot_just_taken');
    }
    throw new ToolDomainException(schedulingMessages.slotNotFree(request.start, professional.name, await nearest()), 'slot_not_free');
  }
  return { settings, window, professional, service, startsAt: new Date(start), endsAt: new Date(start + service.durationMinutes * 60_000) };
}

/** How recent a conflicting booking must be for the refusal to say "just taken". */
const JUST_TAKEN_SECONDS = 120;

/**
 * True when a booking created moments ago (database time: recency is real time, not the
 * business clock) overlaps the range: the model most likely saw the slot free a moment ago,
 * so it hears the same "just taken" as a loser of the insert race.
 */
async function isJustTaken(db: Tx, professionalId: number, start: Date, end: Date, ignoreAppointmentId: number | null): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM appointments
     WHERE professional_id = ${professionalId}::int AND status <> 'cancelled' AND id <> ${ignoreAppointmentId ?? 0}::int
       AND tstzrange(starts_at, ends_at, '[)') && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[)')
       AND created_at > now() - make_interval(secs => ${JUST_TAKEN_SECONDS})
     LIMIT 1`;
  return rows.length > 0;
}
