import type { Db } from '../db/index.js';
import { readDueJobsByTask } from '../queue/index.js';
import { type HistogramSnapshot, sql, sqlHistogram } from './sql-histogram.js';

type Labelled = { labels: Record<string, string>; value: number };

/** Everything /metrics shows, read from the database in one pass at scrape time. */
export interface MetricsSnapshot {
  runs: Labelled[];
  handoffs: Labelled[];
  handoffsPending: number;
  handoffOldestPendingSeconds: number;
  handoffClaimWait: HistogramSnapshot;
  jobs: { task: string; waiting: number; lagSeconds: number }[];
  replyLatency: HistogramSnapshot;
  modelTokens: Labelled[];
  toolErrors: Labelled[];
  tableCounters: { name: string; labels: Record<string, string>; value: number }[];
  outboundFailures: Labelled[];
  breakers: Labelled[];
}

/** Seconds from a handoff's creation to its claim: minutes are typical, hours happen. */
export const HANDOFF_WAIT_BUCKETS = [30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 14_400, 28_800];
/** Seconds from the customer's last message of a turn to the first reply sent: debounce + model + send. */
export const REPLY_LATENCY_BUCKETS = [1, 2, 3, 5, 8, 13, 21, 34, 60, 120, 300];

const n = (value: bigint | number | null | undefined) => Number(value ?? 0);

/**
 * Reads every figure from the tables, so web and worker processes (and several of each)
 * report the same numbers: counters are totals over the rows (they only grow while rows
 * are kept), gauges are the current state. One query after another on the pool.
 */
export async function loadMetricsSnapshot(db: Db): Promise<MetricsSnapshot> {
  const runs = await db.$queryRaw<{ exit: string; stop_reason: string; responder: string; count: bigint }[]>`
    SELECT exit, COALESCE(stop_reason, 'none') AS stop_reason, responder, count(*) AS count
      FROM agent_runs WHERE exit IS NOT NULL GROUP BY 1, 2, 3`;
  const handoffs = await db.$queryRaw<{ reason: string; count: bigint }[]>`
    SELECT reason, count(*) AS count FROM handoffs GROUP BY reason`;
  const pending = await db.$queryRaw<{ count: bigint; oldest: number | null }[]>`
    SELECT count(*) AS count, extract(epoch FROM now() - min(created_at))::float8 AS oldest FROM handoffs WHERE status = 'pending'`;
  const handoffClaimWait = await sqlHistogram(
    db,
    sql`SELECT extract(epoch FROM claimed_at - created_at)::float8 AS seconds FROM handoffs WHERE claimed_at IS NOT NULL`,
    HANDOFF_WAIT_BUCKETS,
  );
  const jobs = await readDueJobsByTask(db);
  const replyLatency = await sqlHistogram(
    db,
    sql`SELECT extract(epoch FROM replies.first_sent - turns.last_inbound)::float8 AS seconds
          FROM (SELECT run_id, min(sent_at) AS first_sent FROM messages
                 WHERE direction = 'outbound' AND run_id IS NOT NULL AND sent_at IS NOT NULL GROUP BY run_id) replies
          JOIN (SELECT run_id, max(created_at) AS last_inbound FROM messages
                 WHERE direction = 'inbound' AND run_id IS NOT NULL GROUP BY run_id) turns USING (run_id)`,
    REPLY_LATENCY_BUCKETS,
  );
  const tokens = await db.$queryRaw<{ tenant: string; input: bigint; output: bigint; cache_read: bigint; cache_write: bigint }[]>`
    SELECT tenants.slug AS tenant, sum(input_tokens) AS input, sum(output_tokens) AS output,
           sum(cache_read_tokens) AS cache_read, sum(cache_write_tokens) AS cache_write
      FROM agent_runs JOIN tenants ON tenants.id = agent_runs.tenant_id GROUP BY tenants.slug`;
  const toolErrors = await db.$queryRaw<{ tool: string; class: string; count: bigint }[]>`
    SELECT name AS tool, COALESCE(error_class, 'unknown') AS class, count(*) AS count FROM agent_tool_calls WHERE is_error GROUP BY 1, 2`;
  const counters = await db.$queryRaw<{ name: string; labels: string; value: bigint }[]>`SELECT name, labels, value FROM metric_counters`;
  const failures = await db.$queryRaw<{ code: string; count: bigint }[]>`
    SELECT COALESCE(error_code, 'unknown') AS code, count(*) AS count FROM messages
     WHERE direction = 'outbound' AND status = 'failed' GROUP BY 1`;
  const breakers = await db.$queryRaw<{ name: string; open: boolean }[]>`
    SELECT name, COALESCE(opened_until > now(), false) AS open FROM circuit_breakers`;
  return {
    runs: runs.map((row) => ({ labels: { exit: row.exit, stop_reason: row.stop_reason, responder: row.responder }, value: n(row.count) })),
    handoffs: handoffs.map((row) => ({ labels: { reason: row.reason }, value: n(row.count) })),
    handoffsPending: n(pending[0]?.count),
    handoffOldestPendingSeconds: pending[0]?.oldest ?? 0,
    handoffClaimWait,
    jobs: jobs.map((row) => ({ task: row.task, waiting: n(row.waiting), lagSeconds: Math.max(0, row.lag ?? 0) })),
    replyLatency,
    modelTokens: tokens.flatMap((row) =>
      (['input', 'output', 'cache_read', 'cache_write'] as const).map((kind) => ({
        labels: { tenant: row.tenant, kind },
        value: n(row[kind]),
      })),
    ),
    toolErrors: toolErrors.map((row) => ({ labels: { tool: row.tool, class: row.class }, value: n(row.count) })),
    tableCounters: counters.map((row) => ({
      name: row.name,
      labels: JSON.parse(row.labels) as Record<string, string>,
      value: n(row.value),
    })),
    outboundFailures: failures.map((row) => ({ labels: { code: row.code }, value: n(row.count) })),
    breakers: breakers.map((row) => ({ labels: { breaker: row.name }, value: row.open ? 1 : 0 })),
  };
}
