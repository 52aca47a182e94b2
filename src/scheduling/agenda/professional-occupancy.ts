import type { Queryable } from '../../db/index.js';
import { addDays, dayClock, localInstant, weekdayOf } from '../../shared/index.js';
import { closedDaysBetween } from '../availability/index.js';

/** One professional's use of their working time over a period. */
export interface ProfessionalOccupancy {
  id: number;
  name: string;
  /** minutes of appointments that hold the professional's time (booked, confirmed, attended, no-show, awaiting a deposit) */
  bookedMinutes: number;
  /** minutes of weekly working hours on the period's open days, less time off */
  workingMinutes: number;
  /** bookedMinutes ÷ workingMinutes; null without working time */
  occupancy: number | null;
}

/** Working intervals [startMinute, endMinute) per weekday (0 = Sunday). */
export type WeeklyHours = Map<number, [number, number][]>;

/**
 * Minutes of `hours` on each local date `fromDate`..`toDate` (both included) that is not a
 * closed day, in real time (a DST day comes out right), less the overlap with `timeOff`
 * ([startMs, endMs) intervals, assumed not to overlap each other). Pure.
 */
export function workingMinutesBetween(
  hours: WeeklyHours,
  timeOff: [number, number][],
  closedDays: ReadonlySet<string>,
  range: { fromDate: string; toDate: string; timezone: string },
): number {
  let total = 0;
  for (let date = range.fromDate; date <= range.toDate; date = addDays(date, 1)) {
    if (closedDays.has(date)) continue;
    const clock = dayClock(date, range.timezone);
    for (const [from, to] of hours.get(weekdayOf(date)) ?? []) {
      const start = clock.instantOf(from);
      const end = clock.instantOf(to);
      let off = 0;
      for (const [offStart, offEnd] of timeOff) off += Math.max(0, Math.min(end, offEnd) - Math.max(start, offStart));
      total += Math.max(0, end - start - off);
    }
  }
  return Math.round(total / 60_000);
}

/**
 * Occupancy of each active professional of the tenant over the local dates `fromDate`..`toDate`
 * (both included): booked minutes of appointments starting in the period over working minutes
 * (weekly hours on open days, holidays and the tenant's closed days excluded, less time off).
 * Staff blocks are not subtracted: a block is a break inside working time. By name.
 */
export async function professionalOccupancy(
  db: Queryable,
  query: { tenantId: number; timezone: string; fromDate: string; toDate: string },
): Promise<ProfessionalOccupancy[]> {
  const from = new Date(localInstant(query.fromDate, 0, query.timezone));
  const to = new Date(localInstant(addDays(query.toDate, 1), 0, query.timezone));
  const [tenant, professionals, hours, timeOff, booked] = await Promise.all([
    db.tenant.findUniqueOrThrow({ where: { id: query.tenantId }, select: { holidays: true } }),
    db.professional.findMany({
      where: { tenantId: query.tenantId, active: true },
      orderBy: [{ name: 'asc' }, { id: 'asc' }],
      select: { id: true, name: true },
    }),
    db.workingHours.findMany({
      where: { tenantId: query.tenantId },
      orderBy: [{ professionalId: 'asc' }, { weekday: 'asc' }, { startMinute: 'asc' }],
      select: { professionalId: true, weekday: true, startMinute: true, endMinute: true },
    }),
    db.timeOff.findMany({
      where: { tenantId: query.tenantId, startsAt: { lt: to }, endsAt: { gt: from } },
      select: { professionalId: true, startsAt: true, endsAt: true },
    }),
    db.$queryRaw<{ professional_id: number; minutes: number }[]>`
      SELECT professional_id, (sum(extract(epoch FROM ends_at - starts_at)) / 60)::int AS minutes
        FROM appointments
       WHERE tenant_id = ${query.tenantId}::int AND starts_at >= ${from} AND starts_at < ${to}
         AND status IN ('booked', 'confirmed', 'attended', 'no_show', 'pending_payment')
       GROUP BY professional_id`,
  ]);
  const closedDays = new Set(closedDaysBetween(tenant.holidays, query.fromDate, query.toDate).keys());
  const bookedBy = new Map(booked.map((row) => [row.professional_id, row.minutes]));
  return professionals.map((professional) => {
    const weekly: WeeklyHours = new Map();
    for (const row of hours.filter((each) => each.professionalId === professional.id)) {
      weekly.set(row.weekday, [...(weekly.get(row.weekday) ?? []), [row.startMinute, row.endMinute]]);
    }
    const off = timeOff
      .filter((each) => each.professionalId === professional.id)
      .map((each): [number, number] => [each.startsAt.getTime(), each.endsAt.getTime()]);
    const workingMinutes = workingMinutesBetween(weekly, off, closedDays, query);
    const bookedMinutes = bookedBy.get(professional.id) ?? 0;
    return {
      id: professional.id,
      name: professional.name,
      bookedMinutes,
      workingMinutes,
      occupancy: workingMinutes > 0 ? bookedMinutes / workingMinutes : null,
    };
  });
}
