import type { Queryable } from '../../db/index.js';
import { generousUtcWindow, weekdayOf } from '../../shared/index.js';
import type { Named } from './availability-refusal.js';
import { closedDaysBetween } from './closed-days.js';
import { type ResourceUseRow, resourceUseJson, toResourceUse } from './load-resource-use.js';
import { BOOKABLE_SERVICE_JSON, type BookableService, type BookingSettings } from './load-schedule.js';
import type { ResourceUse } from './visit-plan.js';

/** One professional's day as a visit search needs it: the asked services they do, that weekday's hours, and busy time. */
export interface VisitSchedule {
  professional: Named;
  /** the asked services (and variants) this professional does, as they do them */
  services: BookableService[];
  /** working intervals [startMinute, endMinute) of the date's weekday, local, sorted */
  intervals: [number, number][];
  /** busy intervals [startMs, endMs): appointments not cancelled with their buffers, time off, blocks; sorted by start */
  busy: [number, number][];
}

interface VisitScheduleRow {
  id: number;
  name: string;
  services: BookableService[];
  hours: [number, number][];
  busy: [number, number][];
  timezone: string;
  minNoticeMinutes: number;
  horizonDays: number;
  slotStepMinutes: number;
  cancelNoticeMinutes: number;
  holidays: unknown;
  resources: ResourceUseRow[];
}

/**
 * Reads, in ONE statement, the day of every professional a visit search considers: for each
 * active professional of the tenant among `professionalIds`, the asked services they do (with
 * their overrides), the date's weekday hours and the busy intervals overlapping the date, with
 * the tenant's settings, the date's closed-day name and the use of the resources the asked
 * services need (an uncorrelated subquery: evaluated once). Leaner than one loadSchedule per
 * professional (it reads only the asked services and one weekday), so it is planned and run
 * once. Unknown, inactive and other tenants' professionals are simply absent; `settings` is
 * null when none is found (the caller reads the tenant then).
 */
export async function loadVisitSchedules(
  db: Queryable,
  query: { tenantId: number; professionalIds: number[]; serviceIds: number[]; date: string; ignoreAppointmentIds: number[] },
): Promise<{
  schedules: Map<number, VisitSchedule>;
  settings: BookingSettings | null;
  closedDay: string | null;
  /** the resources the asked services need, with their holds that day (empty when no professional is found) */
  resources: Map<number, ResourceUse>;
}> {
  const window = generousUtcWindow(query.date, query.date);
  const rows = await db.$queryRaw<VisitScheduleRow[]>`
    SELECT p.id, p.name, t.timezone,
      t.min_notice_minutes AS "minNoticeMinutes", t.horizon_days AS "horizonDays",
      t.slot_step_minutes AS "slotStepMinutes", t.cancel_notice_minutes AS "cancelNoticeMinutes", t.holidays,
      ${resourceUseJson({ tenantId: query.tenantId, resourceIds: [], serviceIds: query.serviceIds, fromDate: query.date, toDate: query.date, ignoreAppointmentIds: query.ignoreAppointmentIds })} AS resources,
      (SELECT coalesce(json_agg(${BOOKABLE_SERVICE_JSON} ORDER BY s.id), '[]'::json)
         FROM services s LEFT JOIN professional_services own ON own.service_id = s.id AND own.tenant_id = t.id AND own.professional_id = p.id
        WHERE s.tenant_id = t.id AND s.active AND s.id = ANY(${query.serviceIds}::int[]) AND EXISTS (
          SELECT 1 FROM professional_services ps
           WHERE ps.tenant_id = t.id AND ps.professional_id = p.id AND ps.service_id IN (s.id, s.parent_id))) AS services,
      (SELECT coalesce(json_agg(json_build_array(w.start_minute, w.end_minute) ORDER BY w.start_minute), '[]'::json)
         FROM working_hours w WHERE w.tenant_id = t.id AND w.professional_id = p.id AND w.weekday = ${weekdayOf(query.date)}::int) AS hours,
      (SELECT coalesce(json_agg(json_build_array(b.start_ms, b.end_ms) ORDER BY b.start_ms), '[]'::json) FROM (
         SELECT extract(epoch FROM o.starts_at) * 1000 AS start_ms, extract(epoch FROM o.ends_at) * 1000 AS end_ms
           FROM time_off o
          WHERE o.tenant_id = t.id AND o.professional_id = p.id AND o.starts_at < ${window.end} AND o.ends_at > ${window.start}
         UNION ALL
         SELECT extract(epoch FROM k.starts_at) * 1000, extract(epoch FROM k.ends_at) * 1000
           FROM professional_blocks k
          WHERE k.tenant_id = t.id AND k.professional_id = p.id AND k.starts_at < ${window.end} AND k.ends_at > ${window.start}
         UNION ALL
         SELECT extract(epoch FROM a.starts_at) * 1000, extract(epoch FROM appointment_busy_until(a.ends_at, a.buffer_after_minutes)) * 1000
           FROM appointments a
          WHERE a.tenant_id = t.id AND a.professional_id = p.id AND a.status NOT IN ('cancelled', 'expired')
            AND tstzrange(a.starts_at, appointment_busy_until(a.ends_at, a.buffer_after_minutes), '[)') && tstzrange(${window.start}::timestamptz, ${window.end}::timestamptz, '[)')
            AND a.id <> ALL(${query.ignoreAppointmentIds}::int[])
         UNION ALL
         SELECT extract(epoch FROM h.starts_at) * 1000, extract(epoch FROM h.ends_at) * 1000
           FROM waitlist_offers h
          WHERE h.tenant_id = t.id AND h.professional_id = p.id AND h.status = 'offered' AND h.hold_until > now()
            AND h.starts_at < ${window.end} AND h.ends_at > ${window.start}
      ) b) AS busy
    FROM professionals p JOIN tenants t ON t.id = p.tenant_id
    WHERE p.tenant_id = ${query.tenantId}::int AND p.active AND p.id = ANY(${query.professionalIds}::int[])`;
  const first = rows[0];
  const settings = first
    ? {
        timezone: first.timezone,
        minNoticeMinutes: first.minNoticeMinutes,
        horizonDays: first.horizonDays,
        slotStepMinutes: first.slotStepMinutes,
        cancelNoticeMinutes: first.cancelNoticeMinutes,
      }
    : null;
  const schedules = new Map(
    rows.map((row) => [
      row.id,
      {
        professional: { id: row.id, name: row.name },
        services: row.services,
        intervals: row.hours,
        busy: row.busy.map(([start, end]) => [Number(start), Number(end)] as [number, number]),
      },
    ]),
  );
  return {
    schedules,
    settings,
    closedDay: first ? (closedDaysBetween(first.holidays, query.date, query.date).get(query.date) ?? null) : null,
    resources: toResourceUse(first?.resources ?? []),
  };
}
