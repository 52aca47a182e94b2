import type { Queryable } from '../../db/index.js';
import { addDays, localInstant } from '../../shared/index.js';

/** Bookings by how they were made (the appointment's `source`). */
export interface BookingsBySource {
  bot: number;
  staff: number;
  reminder: number;
  waitlist: number;
}

/** One local day of the owner's overview: its appointments counted and priced. */
export interface DayFigures {
  date: string;
  /**
   * appointments starting that day, by source, whatever became of them (later cancelled, no-show…),
   * except the old row of a move (its new row counts) and a deposit hold that expired unpaid
   */
  bookings: BookingsBySource;
  attended: number;
  noShows: number;
  /** cancelled appointments of the day (a move is not a cancellation) */
  cancellations: number;
  /** prices of the day's appointments that hold their time (booked, confirmed, attended, no-show) */
  bookedCents: number;
  /** prices of the day's attended appointments */
  attendedCents: number;
}

interface Row {
  date: string;
  bot: number;
  staff: number;
  reminder: number;
  waitlist: number;
  attended: number;
  no_shows: number;
  cancellations: number;
  booked: bigint;
  attended_cents: bigint;
}

/**
 * The overview's figures per local day from `fromDate` to `toDate` (both included), every day
 * listed (zero when nothing). Each appointment row counts once (a visit of two services is two
 * bookings), on the local day it starts. Revenue comes from the price each appointment was
 * booked at (variant and professional overrides applied; an appointment without a price counts
 * nothing).
 */
export async function figuresByDay(
  db: Queryable,
  query: { tenantId: number; timezone: string; fromDate: string; toDate: string },
): Promise<DayFigures[]> {
  const from = new Date(localInstant(query.fromDate, 0, query.timezone));
  const to = new Date(localInstant(addDays(query.toDate, 1), 0, query.timezone));
  const rows = await db.$queryRaw<Row[]>`
    WITH day AS (
      SELECT to_char(a.starts_at AT TIME ZONE ${query.timezone}, 'YYYY-MM-DD') AS date, a.source, a.status, a.price_cents,
             a.status = 'expired'
               OR EXISTS (SELECT 1 FROM appointments n WHERE n.rescheduled_from_id = a.id AND n.tenant_id = a.tenant_id) AS not_a_booking
        FROM appointments a
       WHERE a.tenant_id = ${query.tenantId}::int AND a.starts_at >= ${from} AND a.starts_at < ${to}
    )
    SELECT date,
           count(*) FILTER (WHERE NOT not_a_booking AND source = 'bot')::int AS bot,
           count(*) FILTER (WHERE NOT not_a_booking AND source = 'staff')::int AS staff,
           count(*) FILTER (WHERE NOT not_a_booking AND source = 'reminder')::int AS reminder,
           count(*) FILTER (WHERE NOT not_a_booking AND source = 'waitlist')::int AS waitlist,
           count(*) FILTER (WHERE status = 'attended')::int AS attended,
           count(*) FILTER (WHERE status = 'no_show')::int AS no_shows,
           count(*) FILTER (WHERE NOT not_a_booking AND status = 'cancelled')::int AS cancellations,
           coalesce(sum(price_cents) FILTER (WHERE status NOT IN ('cancelled', 'expired')), 0) AS booked,
           coalesce(sum(price_cents) FILTER (WHERE status = 'attended'), 0) AS attended_cents
      FROM day GROUP BY date`;
  const byDate = new Map(rows.map((row) => [row.date, row]));
  const days: DayFigures[] = [];
  for (let date = query.fromDate; date <= query.toDate; date = addDays(date, 1)) {
    const row = byDate.get(date);
    days.push({
      date,
      bookings: { bot: row?.bot ?? 0, staff: row?.staff ?? 0, reminder: row?.reminder ?? 0, waitlist: row?.waitlist ?? 0 },
      attended: row?.attended ?? 0,
      noShows: row?.no_shows ?? 0,
      cancellations: row?.cancellations ?? 0,
      bookedCents: Number(row?.booked ?? 0),
      attendedCents: Number(row?.attended_cents ?? 0),
    });
  }
  return days;
}
