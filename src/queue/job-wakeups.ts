/**
 * The channel on which a transaction that adds jobs due later announces when they are due:
 * the payload is a JSON array of due times, in milliseconds since the epoch by the database's
 * clock (the one `run_at` is compared with). Times, not delays: the notification arrives only
 * after the commit, which under load can be a good part of a debounce window later.
 */
export const JOBS_DUE_CHANNEL = 'wa_agenda_jobs_due';

/**
 * SQL (no parameters) that notifies JOBS_DUE_CHANNEL of the jobs in `rowsSql` (a relation with a
 * `run_at` column) still due in the future; yields one row, nothing when none is. Times are
 * rounded up to the millisecond and at most 100 distinct ones are sent (the poll catches any other).
 */
export const notifyJobsDueSql = (rowsSql: string) => `
  SELECT pg_notify('${JOBS_DUE_CHANNEL}', due.times::text) FROM (
    SELECT json_agg(due_at) AS times FROM (
      SELECT DISTINCT ceil(extract(epoch FROM due_job.run_at) * 1000)::bigint AS due_at
      FROM ${rowsSql} due_job WHERE due_job.run_at > clock_timestamp() LIMIT 100
    ) due_times
  ) due WHERE due.times IS NOT NULL`;

/** A few milliseconds after the due time, so that the job is due by the database's clock when looked for. */
const MARGIN_MS = 5;

export interface JobWakeups {
  /** a JOBS_DUE_CHANNEL payload: wake at each due time */
  onDueNotification(payload: string): void;
  /** wake the pool `delayMs` from now (a failed job's retry, for instance) */
  wakeIn(delayMs: number): void;
  stop(): void;
}

/**
 * graphile-worker finds a job that becomes runnable later (a debounced turn's `run_at`, a retry's
 * backoff) only at its next poll, up to `pollInterval` late: its `jobs:insert` notification
 * comes when the job is added, not when it is due. This keeps one timer per due time (5 ms
 * buckets) and, at that time, nudges the pool (graphile's own `WorkerPool.nudge`), so an idle
 * worker looks for the job at once. A nudge is one job lookup per worker process per due time;
 * a busy worker looks for its next job as soon as it is done anyway.
 */
export function createJobWakeups(
  nudge: (count: number) => void,
  /** database clock minus this process's clock (ms), as the liveness session measures it */
  clockOffsetMs: () => number = () => 0,
): JobWakeups {
  const timers = new Map<number, { timer: NodeJS.Timeout; count: number }>();
  let stopped = false;
  const wakeIn = (delayMs: number) => {
    if (stopped || !Number.isFinite(delayMs)) return;
    const at = Math.ceil((Date.now() + Math.max(0, delayMs)) / 5) * 5;
    const existing = timers.get(at);
    if (existing) {
      existing.count++;
      return;
    }
    const timer = setTimeout(() => {
      const entry = timers.get(at);
      timers.delete(at);
      if (!stopped && entry) nudge(entry.count);
    }, at - Date.now());
    timer.unref();
    timers.set(at, { timer, count: 1 });
  };
  return {
    wakeIn,
    onDueNotification(payload) {
      let times: unknown;
      try {
        times = JSON.parse(payload);
      } catch {
        return;
      }
      if (!Array.isArray(times)) return;
      const offset = clockOffsetMs();
      for (const dueAt of times) if (typeof dueAt === 'number') wakeIn(dueAt - offset - Date.now() + MARGIN_MS);
    },
    stop() {
      stopped = true;
      for (const { timer } of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
