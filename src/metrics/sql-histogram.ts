import { type Db, Prisma } from '../db/index.js';

/** Cumulative bucket counts (le → count), sum and count, as a Prometheus histogram has them. */
export interface HistogramSnapshot {
  buckets: { le: number; count: number }[];
  sum: number;
  count: number;
}

/**
 * A histogram over the seconds a query yields (one row per observation, column `seconds`),
 * computed in the database: cumulative counts per upper bound (`<=`, as Prometheus reads
 * `le`), the sum and the total count.
 */
export async function sqlHistogram(db: Db, source: Prisma.Sql, buckets: readonly number[]): Promise<HistogramSnapshot> {
  const rows = await db.$queryRaw<{ le: number; count: bigint }[]>`
    WITH observed AS (${source})
    SELECT b.le, count(observed.seconds) AS count
      FROM unnest(${[...buckets]}::float8[]) AS b(le)
      LEFT JOIN observed ON observed.seconds <= b.le
     GROUP BY b.le ORDER BY b.le`;
  const totals = await db.$queryRaw<{ count: bigint; sum: number | null }[]>`
    WITH observed AS (${source}) SELECT count(*) AS count, sum(seconds)::float8 AS sum FROM observed`;
  return {
    buckets: rows.map((row) => ({ le: Number(row.le), count: Number(row.count) })),
    sum: totals[0]?.sum ?? 0,
    count: Number(totals[0]?.count ?? 0),
  };
}

export const sql = Prisma.sql;
