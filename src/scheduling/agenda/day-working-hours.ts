import type { Queryable } from '../../db/index.js';
import { weekdayOf } from '../../shared/index.js';

/** One professional's working intervals on a date, in minutes of the local day [start, end), sorted. */
export interface ProfessionalDayHours {
  professionalId: number;
  intervals: [number, number][];
}

/**
 * The weekly hours every professional of the tenant works on the weekday of `date` (the agenda
 * shades the rest: breaks, before opening, after closing). A professional without hours that
 * weekday is absent: she does not work that day. Holidays and time off are not applied here;
 * the agenda lists them apart.
 */
export async function listDayWorkingHours(db: Queryable, query: { tenantId: number; date: string }): Promise<ProfessionalDayHours[]> {
  const rows = await db.workingHours.findMany({
    where: { tenantId: query.tenantId, weekday: weekdayOf(query.date) },
    orderBy: [{ professionalId: 'asc' }, { startMinute: 'asc' }],
    select: { professionalId: true, startMinute: true, endMinute: true },
  });
  const byProfessional = new Map<number, [number, number][]>();
  for (const row of rows) {
    const intervals = byProfessional.get(row.professionalId) ?? [];
    intervals.push([row.startMinute, row.endMinute]);
    byProfessional.set(row.professionalId, intervals);
  }
  return [...byProfessional].map(([professionalId, intervals]) => ({ professionalId, intervals }));
}
