import { Prisma, type Queryable } from '../../db/index.js';
import { generousUtcWindow } from '../../shared/index.js';
import { type AvailabilityRefusal, type Refused, refused } from './availability-refusal.js';
import type { BookingWindow } from './booking-window.js';
import { type BookingSettings, loadSchedule } from './load-schedule.js';
import { loadVisitSchedules } from './load-visit-schedules.js';
import { resolveProfessionalService } from './resolve-professional-service.js';
import type { ResourceUse, VisitCandidate, VisitFacts } from './visit-plan.js';

/** One service of a visit as asked: the service (or variant) and, optionally, who does it. */
export interface VisitItemRequest {
  serviceId: number;
  professionalId?: number | null;
}

export type LoadedVisit = { kind: 'loaded'; facts: VisitFacts; settings: BookingSettings } | Refused<AvailabilityRefusal>;

/**
 * Reads what a visit search needs for one local date: for each service, the professional asked
 * for (or everyone who does it, by name), each with that day's hours, busy time and the
 * service as they do it; the resources the services need, with the appointments already
 * holding them. One read of every professional's day (loadVisitSchedules) and one of the
 * resources, in parallel on the pool: one round trip's wait in the common case. Refuses as availability does: unknown ids (other tenants' alike), a
 * service the professional does not do, a service nobody does.
 */
export async function loadVisitFacts(
  db: Queryable,
  query: {
    tenantId: number;
    items: readonly VisitItemRequest[];
    date: string;
    /** the booking window, or how to make it from the tenant's settings (read with the schedules: no query of its own) */
    window: BookingWindow | ((settings: BookingSettings) => BookingWindow);
    ignoreAppointmentIds?: number[];
  },
): Promise<LoadedVisit> {
  const range = {
    tenantId: query.tenantId,
    fromDate: query.date,
    toDate: query.date,
    ignoreAppointmentIds: query.ignoreAppointmentIds ?? [],
  };
  // The resources' use is read alongside the schedules, by the services asked for (a variant has its own links).
  const resourceUse = loadResourceUse(db, {
    ...range,
    resourceIds: [],
    serviceIds: [...new Set(query.items.map((item) => item.serviceId))],
  });
  // Settled here so that an early refusal below leaves no rejected promise unobserved.
  resourceUse.catch(() => undefined);
  const openIds = [...new Set(query.items.filter((item) => !item.professionalId).map((item) => item.serviceId))];
  const doers = new Map<number, number[]>();
  for (const serviceId of openIds) {
    const rows = await db.professional.findMany({
      where: {
        tenantId: query.tenantId,
        active: true,
        services: { some: { service: { OR: [{ id: serviceId }, { variants: { some: { id: serviceId } } }] } } },
      },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      select: { id: true },
    });
    doers.set(
      serviceId,
      rows.map((row) => row.id),
    );
  }
  const professionalIds = [
    ...new Set(query.items.flatMap((item) => (item.professionalId ? [item.professionalId] : (doers.get(item.serviceId) ?? [])))),
  ];
  const day = await loadVisitSchedules(db, {
    tenantId: query.tenantId,
    professionalIds,
    serviceIds: [...new Set(query.items.map((item) => item.serviceId))],
    date: query.date,
    ignoreAppointmentIds: range.ignoreAppointmentIds,
  });
  const items: VisitFacts['items'][number][] = [];
  for (const item of query.items) {
    const ids = item.professionalId ? [item.professionalId] : (doers.get(item.serviceId) ?? []);
    const candidates: VisitCandidate[] = [];
    for (const professionalId of ids) {
      const schedule = day.schedules.get(professionalId);
      const service = schedule?.services.find((offered) => offered.id === item.serviceId);
      if (!schedule || !service) {
        // Not done by them (or unknown): the one-service resolver words it, naming who does it.
        const one = await loadSchedule(db, { ...range, professionalId, serviceId: item.serviceId });
        const resolved = await resolveProfessionalService(db, query.tenantId, one, { professionalId, serviceId: item.serviceId });
        if (resolved.kind === 'refused') return resolved;
        continue;
      }
      candidates.push({ professional: schedule.professional, service, intervals: schedule.intervals, busy: schedule.busy });
    }
    if (candidates.length === 0) {
      const exists = await db.service.findFirst({
        where: { id: item.serviceId, tenantId: query.tenantId, active: true },
        select: { id: true, name: true },
      });
      if (!exists) return refused({ kind: 'service_not_found', serviceId: item.serviceId });
      return refused({ kind: 'service_not_offered', professional: { id: 0, name: 'Ninguém' }, service: exists, offeredBy: [] });
    }
    items.push({ candidates });
  }
  const settings = day.settings ?? (await settingsOf(db, query.tenantId));
  const resources = await resourceUse;
  const window = typeof query.window === 'function' ? query.window(settings) : query.window;
  return {
    kind: 'loaded',
    settings,
    facts: {
      date: query.date,
      zone: settings.timezone,
      stepMinutes: settings.slotStepMinutes,
      earliest: window.earliest,
      closedDay: day.closedDay,
      items,
      resources,
    },
  };
}

async function settingsOf(db: Queryable, tenantId: number): Promise<BookingSettings> {
  const tenant = await db.tenant.findUniqueOrThrow({
    where: { id: tenantId },
    select: { timezone: true, minNoticeMinutes: true, horizonDays: true, slotStepMinutes: true, cancelNoticeMinutes: true },
  });
  return tenant;
}

/**
 * Each resource's count and the holds (start to end plus buffer) of the appointments that
 * use it around the date. Appointments are found by start through `appointments (tenant_id,
 * starts_at)`: none lasts, with its buffer, more than a day and a half.
 */
export async function loadResourceUse(
  db: Queryable,
  query: {
    tenantId: number;
    resourceIds: number[];
    /** the resources these services need, too */
    serviceIds?: number[];
    fromDate: string;
    toDate: string;
    ignoreAppointmentIds: number[];
  },
): Promise<Map<number, ResourceUse>> {
  const serviceIds = query.serviceIds ?? [];
  if (query.resourceIds.length === 0 && serviceIds.length === 0) return new Map();
  const needed =
    serviceIds.length === 0
      ? Prisma.sql`r.id = ANY(${query.resourceIds}::int[])`
      : Prisma.sql`(r.id = ANY(${query.resourceIds}::int[]) OR r.id IN (
          SELECT n.resource_id FROM service_resources n WHERE n.tenant_id = ${query.tenantId}::int AND n.service_id = ANY(${serviceIds}::int[])))`;
  const window = generousUtcWindow(query.fromDate, query.toDate);
  const earliestStart = new Date(window.start.getTime() - 36 * 3_600_000);
  const rows = await db.$queryRaw<{ id: number; count: number; holds: [number, number][] }[]>`
    SELECT r.id, r.count,
      (SELECT coalesce(json_agg(json_build_array(extract(epoch FROM a.starts_at) * 1000,
                                                 extract(epoch FROM appointment_busy_until(a.ends_at, a.buffer_after_minutes)) * 1000)
                                ORDER BY a.starts_at), '[]'::json)
         FROM appointments a JOIN service_resources sr ON sr.service_id = a.service_id AND sr.resource_id = r.id AND sr.tenant_id = r.tenant_id
        WHERE a.tenant_id = r.tenant_id AND a.status <> 'cancelled'
          AND a.starts_at < ${window.end} AND a.starts_at > ${earliestStart}
          AND appointment_busy_until(a.ends_at, a.buffer_after_minutes) > ${window.start}
          AND a.id <> ALL(${query.ignoreAppointmentIds}::int[])) AS holds
      FROM resources r WHERE r.tenant_id = ${query.tenantId}::int AND ${needed}`;
  return new Map(
    rows.map((row) => [row.id, { count: row.count, holds: row.holds.map(([from, to]) => [Number(from), Number(to)] as const) }]),
  );
}
