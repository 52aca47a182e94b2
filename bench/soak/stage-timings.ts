import type pg from 'pg';

/** The stages issue 12 sets targets for (see report.ts). */
export const WAKE_UP_STAGE = 'debounce deadline → run started (wake-up)';
export const SEND_STAGE = 'reply queued → sent to Meta';

/** The service's DEBOUNCE_MAX_WAIT_MS (the soak keeps the default). */
const DEBOUNCE_MAX_WAIT_MS = 10_000;

export async function stageTimings(query: <Row extends pg.QueryResultRow>(sql: string) => Promise<Row[]>, debounceMs: number) {
  const stage = async (name: string, sql: string) => {
    const row = (
      await query<{ p50: number | null; p95: number | null; n: string }>(`
      SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY ms) AS p50, percentile_cont(0.95) WITHIN GROUP (ORDER BY ms) AS p95, count(*) AS n
      FROM (${sql}) t`)
    )[0];
    return { name, p50: Number(row?.p50 ?? Number.NaN), p95: Number(row?.p95 ?? Number.NaN), count: Number(row?.n ?? 0) };
  };
  return [
    await stage(
      'last inbound stored → run started (debounce + queue)',
      `SELECT extract(epoch FROM r.started_at - (SELECT max(m.created_at) FROM messages m
          WHERE m.conversation_id = r.conversation_id AND m.direction = 'inbound' AND m.created_at <= r.started_at)) * 1000 AS ms
       FROM agent_runs r`,
    ),
    await stage(
      // From when its job became runnable: its debounce deadline (as the intake set run_at from the turn's
      // messages), or later if the conversation's queue was still busy then (the previous turn or its sends).
      WAKE_UP_STAGE,
      `SELECT extract(epoch FROM r.started_at - greatest(t.deadline,
          coalesce((SELECT max(o.sent_at) FROM messages o WHERE o.conversation_id = r.conversation_id
                      AND o.direction = 'outbound' AND o.sent_at <= r.started_at), '-infinity'::timestamptz),
          coalesce((SELECT max(p.finished_at) FROM agent_runs p WHERE p.conversation_id = r.conversation_id
                      AND p.id <> r.id AND p.finished_at <= r.started_at), '-infinity'::timestamptz))) * 1000 AS ms
       FROM agent_runs r
       JOIN LATERAL (
         SELECT least(max(m.created_at) + make_interval(secs => ${debounceMs / 1000}),
                      min(m.created_at) + make_interval(secs => ${DEBOUNCE_MAX_WAIT_MS / 1000})) AS deadline
         FROM messages m WHERE m.run_id = r.id AND m.direction = 'inbound' AND m.created_at <= r.started_at
       ) t ON t.deadline IS NOT NULL`,
    ),
    await stage('run duration (model calls + tools)', `SELECT duration_ms AS ms FROM agent_runs WHERE duration_ms IS NOT NULL`),
    await stage(
      SEND_STAGE,
      `SELECT extract(epoch FROM sent_at - created_at) * 1000 AS ms FROM messages WHERE direction = 'outbound' AND sent_at IS NOT NULL`,
    ),
  ];
}
