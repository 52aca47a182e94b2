import type { Queryable } from '../../db/index.js';
import { addDays, localInstant } from '../../shared/index.js';

/** One local day's revenue, in cents: what the day's appointments are worth, and what attended ones brought in. */
export interface DayRevenue {
  date: string;
  /** prices of the day's appointments that hold their time (booked, confirmed, attended, no-show) */
  bookedCents: number;
  /** prices of the day's attended appointments */
  attendedCents: number;
}

/**
 * Revenue per local day from `fromDate` to `toDate` (both included), every day listed (zero
 * when nothing), from the price each appointment was booked at (variant and professional
 * overrides applied; an appointment without a price counts nothing). Days are the tenant's.
 */
export async function revenueByDay(
  db: Queryable,
  query: { tenantId: number; timezone: string; fromDate: string; toDate: string },
): Promise<DayRevenue[]> {
  const from = new Date(localInstant(query.fromDate, 0, query.timezone));
  const to = new Date(localInstant(addDays(query.toDate, 1), 0, query.timezone));
  const rows = await db.$queryRaw<{ date: string; booked: bigint; attended: bigint }[]>`
    SELECT to_char(starts_at AT TIME ZONE ${query.timezone}, 'YYYY-MM-DD') AS date,
           coalesce(sum(price_cents) FILTER (WHERE status <> 'cancelled'), 0) AS booked,
           coalesce(sum(price_cents) FILTER (WHERE status = 'attended'), 0) AS attended
      FROM appointments
     WHERE tenant_id = ${query.tenantId}::int AND starts_at >= ${from} AND starts_at < ${to}
     GROUP BY 1`;
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const days: DayRevenue[] = [];
  for (let date = query.fromDate; date <= query.toDate; date = addDays(date, 1)) {
    const row = byDate.get(date);
    days.push({ date, bookedCents: Number(row?.booked ?? 0), attendedCents: Number(row?.attended ?? 0) });
  }
  return days;
}
