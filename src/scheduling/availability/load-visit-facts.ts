import type { Queryable } from '../../db/index.js';
import { type AvailabilityRefusal, type Refused, refused } from './availability-refusal.js';
import type { BookingWindow } from './booking-window.js';
import { type BookingSettings, loadSchedule } from './load-schedule.js';
import { loadVisitSchedules } from './load-visit-schedules.js';
import { resolveProfessionalService } from './resolve-professional-service.js';
import type { VisitCandidate, VisitFacts } from './visit-plan.js';

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
 * holding them. One statement in the common case (loadVisitSchedules reads every
 * professional's day and the resources' use together). Refuses as availability does: unknown ids (other tenants' alike), a
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
  // Read with the days, by the services asked for (a variant has its own links); every candidate came from a day read.
  const resources = day.resources;
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
