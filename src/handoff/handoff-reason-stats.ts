import { Prisma, type Queryable } from '../db/index.js';

/** Handoff figures for one reason (or for all of them, in `total`). */
export interface HandoffReasonFigures {
  /** handoffs created in the period */
  count: number;
  /** of those, how many an attendant claimed */
  claimed: number;
  /** never claimed (still pending, or resolved without a claim): counted, but not in the waits */
  unclaimed: number;
  /** median seconds from creation to claim over the claimed ones; null when none was claimed */
  medianWaitSeconds: number | null;
  /** 90th percentile (continuous, interpolated) of the same waits; null when none was claimed */
  p90WaitSeconds: number | null;
}

export interface HandoffReasonStats {
  from: Date;
  to: Date;
  reasons: (HandoffReasonFigures & { reason: string })[];
  total: HandoffReasonFigures;
}

interface Row {
  reason: string | null;
  count: number;
  claimed: number;
  median_wait: number | null;
  p90_wait: number | null;
}

/**
 * Counts handoffs created in `[from, to)` by reason, with the median and p90 wait from
 * creation to claim, computed in SQL (`percentile_cont`, rounded to milliseconds).
 * Unclaimed handoffs are counted but excluded from the waits. With `tenantId` only that
 * tenant's handoffs are read; without it (the ops report), every tenant's.
 * Reasons are ordered by count, most frequent first. Shared by the admin endpoint and
 * `npm run report -- handoffs`.
 */
export async function computeHandoffReasonStats(
  db: Queryable,
  query: { tenantId?: number; from: Date; to: Date },
): Promise<HandoffReasonStats> {
  const tenantFilter = query.tenantId === undefined ? Prisma.empty : Prisma.sql`AND tenant_id = ${query.tenantId}`;
  const rows = await db.$queryRaw<Row[]>`
    WITH period AS (
      SELECT reason, extract(epoch FROM claimed_at - created_at)::float8 AS wait_seconds
      FROM handoffs
      WHERE created_at >= ${query.from} AND created_at < ${query.to} ${tenantFilter}
    )
    SELECT reason,
           count(*)::int AS count,
           count(wait_seconds)::int AS claimed,
           round((percentile_cont(0.5) WITHIN GROUP (ORDER BY wait_seconds))::numeric, 3)::float8 AS median_wait,
           round((percentile_cont(0.9) WITHIN GROUP (ORDER BY wait_seconds))::numeric, 3)::float8 AS p90_wait
    FROM period
    GROUP BY GROUPING SETS ((reason), ())
    ORDER BY reason IS NULL, count(*) DESC, reason`;
  const figures = (row: Row | undefined): HandoffReasonFigures => ({
    count: row?.count ?? 0,
    claimed: row?.claimed ?? 0,
    unclaimed: (row?.count ?? 0) - (row?.claimed ?? 0),
    medianWaitSeconds: row?.median_wait ?? null,
    p90WaitSeconds: row?.p90_wait ?? null,
  });
  return {
    from: query.from,
    to: query.to,
    reasons: rows.filter((row) => row.reason !== null).map((row) => ({ reason: row.reason as string, ...figures(row) })),
    total: figures(rows.find((row) => row.reason === null)),
  };
}
