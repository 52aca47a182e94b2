import { Prisma, type Queryable } from '../../db/index.js';
import { generousUtcWindow } from '../../shared/index.js';
import type { ServiceInfo } from '../catalog/index.js';
import { closedDaysBetween } from './closed-days.js';

/** The tenant's booking rules (tenants row). */
export interface BookingSettings {
  timezone: string;
  minNoticeMinutes: number;
  horizonDays: number;
  slotStepMinutes: number;
  cancelNoticeMinutes: number;
}

/**
 * A service as this professional does it: duration and price with the professional's overrides,
 * the buffer after it, and the resources it holds one unit of.
 */
export interface BookableService extends ServiceInfo {
  bufferAfterMinutes: number;
  priceCents: number | null;
  priceFrom: boolean;
  resourceIds: number[];
}

/** Everything availability needs about one professional over a range of local dates. */
export interface ProfessionalSchedule {
  settings: BookingSettings;
  /** null when the id is unknown, of another tenant or inactive (all answer alike). */
  professional: { id: number; name: string } | null;
  /** The requested service when it exists in this tenant and is active, offered or not. */
  service: BookableService | null;
  /** Active services the professional offers (a parent's variants with it), shortest first. */
  offeredServices: BookableService[];
  /** Working intervals [startMinute, endMinute) per weekday (index 0 = Sunday), sorted. */
  hoursByWeekday: [number, number][][];
  /** Closed days of the requested range (public holidays of the tenant's place, its own closed days): date → name. */
  closedDays: Map<string, string>;
  /** Busy intervals [startMs, endMs) (appointments not cancelled, with their buffers; time off and staff blocks), sorted by start. */
  busy: [number, number][];
}

interface ScheduleRow {
  timezone: string;
  minNoticeMinutes: number;
  horizonDays: number;
  slotStepMinutes: number;
  cancelNoticeMinutes: number;
  holidays: unknown;
  professional: { id: number; name: string } | null;
  service: BookableService | null;
  offeredServices: BookableService[];
  hours: [number, number, number][];
  busy: [number, number][];
}

/**
 * A service row `s` with this professional's link `own` (LEFT JOIN) as a BookableService: an
 * override of the link wins; a professional's own price is never "a partir de".
 */
export const BOOKABLE_SERVICE_JSON = Prisma.sql`json_build_object('id', s.id, 'name', s.name,
  'durationMinutes', coalesce(own.duration_minutes, s.duration_minutes), 'bufferAfterMinutes', s.buffer_after_minutes,
  'priceCents', coalesce(own.price_cents, s.price_cents), 'priceFrom', own.price_cents IS NULL AND s.price_from,
  'resourceIds', (SELECT coalesce(json_agg(sr.resource_id ORDER BY sr.resource_id), '[]'::json)
                    FROM service_resources sr WHERE sr.service_id = s.id AND sr.tenant_id = s.tenant_id))`;

/**
 * Reads, in ONE round trip, the tenant's settings, the professional (scoped to the tenant),
 * the requested service, the services offered, weekly hours, and the busy intervals
 * overlapping the local dates `fromDate`..`toDate`, and the closed days (holidays) of that range. Appointments are found through the
 * gist index of the `appointments_no_overlap` constraint (same
 * predicate: every status but cancelled holds its time); staff blocks count like time off, and so does a waitlist
 * offer on hold (its time is kept 15 minutes for the entry it went to; `waitlistOfferId` is that offer's own tap). `ignoreAppointmentId` leaves one
 * appointment out of the busy list (the one being rescheduled).
 * Throws a plain Error when the tenant does not exist (a wiring bug, not a model mistake).
 */
export async function loadSchedule(
  db: Queryable,
  query: {
    tenantId: number;
    professionalId: number;
    serviceId?: number | null;
    fromDate: string;
    toDate: string;
    ignoreAppointmentId?: number | null;
    /** several appointments to leave out (the rows of a visit being moved) */
    ignoreAppointmentIds?: number[];
    /** the waitlist offer whose hold is being taken (its own tap books through it) */
    waitlistOfferId?: number | null;
  },
): Promise<ProfessionalSchedule> {
  const window = generousUtcWindow(query.fromDate, query.toDate);
  const rows = await db.$queryRaw<ScheduleRow[]>`
    WITH prof AS (
      SELECT p.id, p.name FROM professionals p
      WHERE p.id = ${query.professionalId}::int AND p.tenant_id = ${query.tenantId}::int AND p.active
    )
    SELECT t.timezone,
      t.min_notice_minutes AS "minNoticeMinutes", t.horizon_days AS "horizonDays",
      t.slot_step_minutes AS "slotStepMinutes", t.cancel_notice_minutes AS "cancelNoticeMinutes", t.holidays,
      (SELECT json_build_object('id', prof.id, 'name', prof.name) FROM prof) AS professional,
      (SELECT ${BOOKABLE_SERVICE_JSON}
         FROM services s LEFT JOIN professional_services own
           ON own.service_id = s.id AND own.tenant_id = t.id AND own.professional_id = (SELECT id FROM prof)
         WHERE s.id = ${query.serviceId ?? null}::int AND s.tenant_id = t.id AND s.active) AS service,
      (SELECT coalesce(json_agg(${BOOKABLE_SERVICE_JSON} ORDER BY coalesce(own.duration_minutes, s.duration_minutes), s.id), '[]'::json)
         FROM services s LEFT JOIN professional_services own
           ON own.service_id = s.id AND own.tenant_id = t.id AND own.professional_id = (SELECT id FROM prof)
         WHERE s.tenant_id = t.id AND s.active AND EXISTS (
           SELECT 1 FROM professional_services ps
            WHERE ps.tenant_id = t.id AND ps.professional_id = (SELECT id FROM prof) AND ps.service_id IN (s.id, s.parent_id))) AS "offeredServices",
      (SELECT coalesce(json_agg(json_build_array(w.weekday, w.start_minute, w.end_minute)
                                ORDER BY w.weekday, w.start_minute), '[]'::json)
         FROM working_hours w WHERE w.tenant_id = t.id AND w.professional_id = (SELECT id FROM prof)) AS hours,
      (SELECT coalesce(json_agg(json_build_array(b.start_ms, b.end_ms) ORDER BY b.start_ms), '[]'::json) FROM (
         SELECT extract(epoch FROM o.starts_at) * 1000 AS start_ms, extract(epoch FROM o.ends_at) * 1000 AS end_ms
           FROM time_off o
          WHERE o.tenant_id = t.id AND o.professional_id = (SELECT id FROM prof) AND o.starts_at < ${window.end} AND o.ends_at > ${window.start}
         UNION ALL
         SELECT extract(epoch FROM k.starts_at) * 1000, extract(epoch FROM k.ends_at) * 1000
           FROM professional_blocks k
          WHERE k.tenant_id = t.id AND k.professional_id = (SELECT id FROM prof) AND k.starts_at < ${window.end} AND k.ends_at > ${window.start}
         UNION ALL
         SELECT extract(epoch FROM a.starts_at) * 1000, extract(epoch FROM appointment_busy_until(a.ends_at, a.buffer_after_minutes)) * 1000
           FROM appointments a
          WHERE a.tenant_id = t.id AND a.professional_id = (SELECT id FROM prof) AND a.status NOT IN ('cancelled', 'expired')
            AND tstzrange(a.starts_at, appointment_busy_until(a.ends_at, a.buffer_after_minutes), '[)') && tstzrange(${window.start}::timestamptz, ${window.end}::timestamptz, '[)')
            AND a.id <> ${query.ignoreAppointmentId ?? 0}::int AND a.id <> ALL(${query.ignoreAppointmentIds ?? []}::int[])
         UNION ALL
         SELECT extract(epoch FROM h.starts_at) * 1000, extract(epoch FROM h.ends_at) * 1000
           FROM waitlist_offers h
          WHERE h.tenant_id = t.id AND h.professional_id = (SELECT id FROM prof) AND h.status = 'offered' AND h.hold_until > now()
            AND h.starts_at < ${window.end} AND h.ends_at > ${window.start} AND h.id <> ${query.waitlistOfferId ?? 0}::int
      ) b) AS busy
    FROM tenants t WHERE t.id = ${query.tenantId}::int`;
  const row = rows[0];
  if (!row) throw new Error(`tenant ${query.tenantId} not found`);
  const hoursByWeekday: [number, number][][] = [[], [], [], [], [], [], []];
  for (const [weekday, start, end] of row.hours) hoursByWeekday[weekday]?.push([start, end]);
  return {
    settings: {
      timezone: row.timezone,
      minNoticeMinutes: row.minNoticeMinutes,
      horizonDays: row.horizonDays,
      slotStepMinutes: row.slotStepMinutes,
      cancelNoticeMinutes: row.cancelNoticeMinutes,
    },
    professional: row.professional,
    service: row.service,
    offeredServices: row.offeredServices,
    hoursByWeekday,
    closedDays: closedDaysBetween(row.holidays, query.fromDate, query.toDate),
    busy: row.busy.map(([start, end]) => [Number(start), Number(end)]),
  };
}
