import type pg from 'pg';
import type { Logger } from '../shared/index.js';
import { LOCK_OWNERS_SQL } from './graphile-schema.js';
import { LIVENESS_NAME_PREFIX, POOL_LOCK_PREFIX } from './pool-liveness.js';

interface DeadWorkerRecovery {
  stop(): Promise<void>;
}

/**
 * graphile-worker 0.17 and 0.18 free jobs (and named queues) locked by a crashed worker only
 * after four hours (the open-source release has no heartbeat; Worker Pro's is proprietary), which
 * would leave a conversation unanswered that long after a SIGKILL or an OOM kill. Every worker pool
 * holds a session-level advisory lock for its whole life (pool-liveness.ts); PostgreSQL releases it
 * only when that session ends. So every `intervalMs` each worker process looks for pools that
 * lock jobs while their advisory lock is free, and frees their jobs (graphile's own
 * `force_unlock_workers`) once the lock has been seen free for `confirmMs`. Freeing happens in a
 * statement that takes the pool's lock key itself, so a pool can never hold its lock and lose its
 * jobs at the same time; and the wait gives a pool whose session was cut time to notice and
 * fence its runs first (it learns at once from the server, or from its ping), so that the rerun
 * never overlaps it. The rerun resumes where the first run stopped (the turn resumes its run, a
 * send skips rows already sent).
 *
 * Time does not decide: a live pool keeps its jobs however long ago it locked them, a slow one
 * included. Also kept are jobs of a pool that still has a session named `wa-agenda-worker:<pool
 * id>` (what earlier releases of this recovery used as liveness), so a rolling deploy never frees
 * a job an older worker is running. Needs direct connections (or a session pooler): a transaction
 * pooler would move the advisory lock between sessions. A job that was on its last attempt when
 * its worker died stays failed, as graphile decides.
 */
export function startDeadWorkerRecovery(options: {
  pool: pg.Pool;
  logger: Logger;
  /** this process's own pools: never judged here, even while their session reopens */
  ownPoolIds: () => string[];
  /** how long a pool's lock must be seen free before its jobs are freed */
  confirmMs: number;
  intervalMs?: number;
  /** jobs were freed: look for them now */
  onReleased?: (poolIds: string[]) => void;
}): DeadWorkerRecovery {
  const logger = options.logger.child({ component: 'dead-worker-recovery' });
  const freeSince = new Map<string, number>();
  const sweep = async () => {
    const { rows } = await options.pool.query<{ locked_by: string }>(
      `WITH locks AS (${LOCK_OWNERS_SQL}
       ), pools AS (
         SELECT locked_by, hashtextextended($1 || locked_by, 0) AS lock_key FROM locks WHERE NOT (locked_by = ANY($3::text[]))
       )
       SELECT locked_by FROM pools
       WHERE NOT EXISTS (
           SELECT 1 FROM pg_locks l
           WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
             AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
             -- a bigint key shows as its high half in classid and its low half in objid
             AND l.classid = ((pools.lock_key >> 32) & 4294967295)::oid AND l.objid = (pools.lock_key & 4294967295)::oid)
         AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.application_name = left($2 || pools.locked_by, 63))`,
      [POOL_LOCK_PREFIX, LIVENESS_NAME_PREFIX, options.ownPoolIds()],
    );
    const now = Date.now();
    const free = new Set(rows.map((row) => row.locked_by));
    for (const poolId of freeSince.keys()) if (!free.has(poolId)) freeSince.delete(poolId);
    const due: string[] = [];
    for (const poolId of free) {
      const since = freeSince.get(poolId);
      if (since === undefined) freeSince.set(poolId, now);
      else if (now - since >= options.confirmMs) due.push(poolId);
    }
    const released: string[] = [];
    for (const poolId of due) {
      // Taking the key in the same statement: if the pool (or another sweep) holds it now, nothing is freed.
      const { rows: freed } = await options.pool.query<{ freed: boolean }>(
        `SELECT true AS freed, graphile_worker.force_unlock_workers(ARRAY[$2::text])
         WHERE pg_try_advisory_xact_lock(hashtextextended($1 || $2, 0))`,
        [POOL_LOCK_PREFIX, poolId],
      );
      freeSince.delete(poolId);
      if (freed.length > 0) released.push(poolId);
    }
    if (released.length === 0) return;
    logger.warn({ workerIds: released }, 'released jobs locked by workers whose liveness lock is gone');
    options.onReleased?.(released);
  };
  const interval = options.intervalMs ?? 1000;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const tick = () => {
    if (busy) return;
    busy = true;
    running = sweep()
      .catch((error: unknown) => logger.warn({ err: error }, 'dead worker sweep failed'))
      .finally(() => {
        busy = false;
      });
  };
  const firstSweep = setTimeout(tick, Math.min(200, interval));
  const timer = setInterval(tick, interval);
  timer.unref();
  return {
    async stop() {
      clearTimeout(firstSweep);
      clearInterval(timer);
      await running;
    },
  };
}
