import type { Queryable } from '../../db/index.js';
import { closedDaysBetween } from '../availability/index.js';

/** The tenant's closed days (holidays, named) between two local dates, both included, soonest first. */
export async function listClosedDays(
  db: Queryable,
  query: { tenantId: number; fromDate: string; toDate: string },
): Promise<{ date: string; name: string }[]> {
  const tenant = await db.tenant.findUnique({ where: { id: query.tenantId }, select: { holidays: true } });
  const days = closedDaysBetween(tenant?.holidays ?? null, query.fromDate, query.toDate);
  return [...days].map(([date, name]) => ({ date, name })).sort((a, b) => (a.date < b.date ? -1 : 1));
}
