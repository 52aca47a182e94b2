import type pg from 'pg';
import { createLagAlarm, type Logger } from '../shared/index.js';
import { QUEUE_LAG_SQL } from './graphile-schema.js';

export interface QueueLag {
  /** jobs due now that no worker has taken yet */
  waiting: number;
  /** of those, the ones a worker could take now (not waiting behind a running job of their named queue) */
  runnable: number;
  /** how long the oldest of them has been due (ms) */
  lagMs: number;
}

/** Due jobs nobody took yet, and how late the oldest is (jobs of a busy conversation wait behind its running job and count too). */
export async function readQueueLag(pool: pg.Pool): Promise<QueueLag> {
  const { rows } = await pool.query<{ waiting: number; runnable: number; lag_ms: number }>(QUEUE_LAG_SQL);
  return { waiting: rows[0]?.waiting ?? 0, runnable: rows[0]?.runnable ?? 0, lagMs: rows[0]?.lag_ms ?? 0 };
}

/**
 * Makes an overloaded queue visible: every `intervalMs` a worker reads the queue's lag and,
 * while the oldest due job has waited longer than `warnAfterMs`, logs a warning (at most once
 * per `repeatMs`), then one line when it is back under. Load past what the workers can take
 * queues up (nothing is dropped: jobs are durable), and this is where an operator sees it.
 *
 * It is also the queue's safety net, in place of graphile-worker's poll: whenever it sees jobs
 * a worker could take now, `onRunnable` gets their count (start-worker.ts nudges that many idle
 * slots). A job is announced when it is added (graphile's NOTIFY) or when it becomes due
 * (job-wakeups.ts); what nobody announced (a reminder added hours ahead with graphile's own
 * add_job, a job whose worker died) is found here within `intervalMs`. Nothing due: one read.
 */
export function watchQueueLag(options: {
  pool: pg.Pool;
  logger: Logger;
  warnAfterMs: number;
  intervalMs?: number;
  repeatMs?: number;
  onRunnable?: (count: number) => void;
}): {
  stop(): void;
} {
  const logger = options.logger.child({ component: 'queue-lag' });
  const alarm = createLagAlarm({
    logger,
    repeatMs: options.repeatMs ?? 30_000,
    laggingMessage: 'queue lagging: due jobs wait longer than QUEUE_LAG_WARN_MS (add workers or raise WORKER_CONCURRENCY)',
    caughtUpMessage: 'queue caught up',
  });
  let checking = false;
  const check = async () => {
    if (checking) return;
    checking = true;
    try {
      const lag = await readQueueLag(options.pool);
      if (lag.runnable > 0) options.onRunnable?.(lag.runnable);
      alarm.observe(lag.lagMs > options.warnAfterMs, { waiting: lag.waiting, lagMs: lag.lagMs });
    } catch (error) {
      logger.debug({ err: error }, 'queue lag check failed');
    } finally {
      checking = false;
    }
  };
  const timer = setInterval(() => void check(), options.intervalMs ?? 5000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
