import type { Queryable } from '../db/index.js';
import { AppError, localDateOf, localDateTimeOf, localInstant, parseLocalDateTime, ToolDomainException } from '../shared/index.js';
import { type BookingWindow, slotsOnDate } from './booking-window.js';
import { type BookingSettings, loadSchedule, type ServiceInfo } from './load-schedule.js';
import { resolveProfessionalService } from './resolve-professional-service.js';

/** Staff may enter a walk-in that sat down a little while ago (a start up to this far in the past). */
export const STAFF_PAST_GRACE_MINUTES = 15;

export interface StaffSlot {
  settings: BookingSettings;
  professional: { id: number; name: string };
  service: ServiceInfo;
  startsAt: Date;
  endsAt: Date;
  /** true when the start is not one of the professional's free working-hour starts (booked with `outsideHours`). */
  outsideHours: boolean;
}

export interface StaffSlotRequest {
  tenantId: number;
  professionalId: number;
  serviceId: number;
  /** Local "YYYY-MM-DDTHH:mm". */
  start: string;
  now: Date;
  /** Staff said the time is outside the professional's hours (or in a block) on purpose. */
  outsideHours: boolean;
  /** The appointment being rescheduled: its own time is not busy. */
  ignoreAppointmentId?: number | null;
}

/**
 * Checks a start staff asked for against the same schedule the bot books from (hours, time
 * off, blocks, appointments, step), with staff's rules: no minimum notice, no horizon, a
 * walk-in up to 15 minutes back. Refuses with AppError: unknown professional or service (404,
 * other tenants' alike), a service the professional does not do (422), a local time that
 * does not exist (DST gap) or is past (422), an overlap with an appointment (409
 * `slot_taken`), a start outside working hours or inside time off / a block unless
 * `outsideHours` (422 `outside_working_hours`). The constraint has the last word at insert.
 */
export async function resolveStaffSlot(db: Queryable, request: StaffSlotRequest): Promise<StaffSlot> {
  const parsed = parseLocalDateTime(request.start);
  if (!parsed) throw invalidStart(`start ${request.start} is not a real local date and time`);
  const schedule = await loadSchedule(db, {
    ...request,
    fromDate: parsed.date,
    toDate: parsed.date,
    ignoreAppointmentId: request.ignoreAppointmentId ?? null,
  });
  const { professional, service } = await resolveProfessionalService(db, request.tenantId, schedule, request).catch(toAppError);
  const zone = schedule.settings.timezone;
  const start = localInstant(parsed.date, parsed.minute, zone);
  if (localDateTimeOf(start, zone) !== request.start) {
    throw invalidStart(`${request.start} does not exist in ${zone} (the clocks skip it)`);
  }
  const earliest = request.now.getTime() - STAFF_PAST_GRACE_MINUTES * 60_000;
  if (start < earliest) throw invalidStart(`${request.start} is in the past`, 'start_past');
  const end = start + service.durationMinutes * 60_000;
  const overlapping = await findOverlappingAppointment(
    db,
    request.tenantId,
    professional.id,
    new Date(start),
    new Date(end),
    request.ignoreAppointmentId ?? null,
  );
  if (overlapping !== null) {
    throw new AppError('slot_taken', `${request.start} overlaps appointment ${overlapping} of ${professional.name}`, 409, {
      appointmentId: overlapping,
    });
  }
  const window: BookingWindow = { today: localDateOf(request.now.getTime(), zone), lastDate: '9999-12-31', earliest };
  const offered = slotsOnDate(schedule, service, parsed.date, window).includes(start);
  if (!offered && !request.outsideHours) {
    throw new AppError(
      'outside_working_hours',
      `${request.start} (${service.name}, ${service.durationMinutes} min) is not a free start within ${professional.name}'s working hours ` +
        `(outside hours, in time off or a block, or off the ${schedule.settings.slotStepMinutes}-minute grid); send "outsideHours": true to book it anyway`,
      422,
    );
  }
  return { settings: schedule.settings, professional, service, startsAt: new Date(start), endsAt: new Date(end), outsideHours: !offered };
}

/** The id of an appointment (any status but cancelled) of the professional overlapping [start, end), or null. */
async function findOverlappingAppointment(
  db: Queryable,
  tenantId: number,
  professionalId: number,
  start: Date,
  end: Date,
  ignoreId: number | null,
) {
  const rows = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM appointments
     WHERE tenant_id = ${tenantId}::int AND professional_id = ${professionalId}::int AND status <> 'cancelled' AND id <> ${ignoreId ?? 0}::int
       AND tstzrange(starts_at, ends_at, '[)') && tstzrange(${start}::timestamptz, ${end}::timestamptz, '[)')
     ORDER BY starts_at LIMIT 1`;
  return rows[0]?.id ?? null;
}

function invalidStart(message: string, code = 'invalid_start'): AppError {
  return new AppError(code, message, 422);
}

const NOT_FOUND_CODES: Record<string, string> = {
  professional_not_found: 'professional not found',
  service_not_found: 'service not found',
};

/** The shared resolver's refusals (written for the model) as staff-facing AppErrors. */
function toAppError(error: unknown): never {
  if (error instanceof ToolDomainException) {
    const notFound = NOT_FOUND_CODES[error.code];
    if (notFound) throw new AppError(error.code, notFound, 404);
    throw new AppError(error.code, 'the professional does not do this service', 422);
  }
  throw error;
}
