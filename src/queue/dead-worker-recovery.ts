import type { WorkerEvents } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from '../shared/index.js';

const NAME_PREFIX = 'wa-agenda-worker:';

interface DeadWorkerRecovery {
  stop(): Promise<void>;
}

/**
 * graphile-worker 0.17 frees jobs (and named queues) locked by a crashed worker only after
 * four hours, which would leave a conversation unanswered that long after a SIGKILL or an
 * OOM kill. So every worker process keeps one idle "liveness" connection per worker pool,
 * named `wa-agenda-worker:<pool id>` (`application_name`); when a process dies, PostgreSQL
 * drops its connections. Every `intervalMs` each process unlocks (graphile's own
 * `force_unlock_workers`) whatever is locked, for longer than `graceMs`, by a pool with no
 * liveness connection; the job then runs again (its handler is idempotent: the conversation
 * turn resumes its run, a send skips rows already sent).
 *
 * The grace covers a pool that locks a job in the few milliseconds before its liveness
 * connection opens. A process never releases its own pools' jobs, and nothing is released
 * in the first seconds after a database restart (every liveness connection is reopening),
 * so a restart never hands a running job to a second worker. Assumes every worker on the database runs this code, and that
 * connections are direct (a transaction pooler would hide them from `pg_stat_activity`).
 * A job that was on its last attempt when its worker died stays failed, as graphile decides.
 */
export function startDeadWorkerRecovery(options: {
  connectionString: string;
  logger: Logger;
  /** the runner's events: each started job names the pool that locked it */
  events: WorkerEvents;
  graceMs: number;
  intervalMs?: number;
}): DeadWorkerRecovery {
  const logger = options.logger.child({ component: 'dead-worker-recovery' });
  const liveness = new Map<string, pg.Client>();
  let stopped = false;

  const keepAlive = async (poolId: string) => {
    while (!stopped) {
      const client = new pg.Client({
        connectionString: options.connectionString,
        application_name: `${NAME_PREFIX}${poolId}`.slice(0, 63),
      });
      const closed = new Promise<void>((resolve) => {
        client.on('error', (error) => {
          logger.warn({ err: error, poolId }, 'liveness connection lost; reopening');
          resolve();
        });
        client.on('end', () => resolve());
      });
      try {
        await client.connect();
        liveness.set(poolId, client);
        await closed;
      } catch (error) {
        logger.warn({ err: error, poolId }, 'liveness connection failed; retrying');
      }
      liveness.delete(poolId);
      if (!stopped) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };
  const known = new Set<string>();
  // A pool is announced by its first job (its id is the job's locked_by); the grace covers
  // the moment until its liveness connection is open.
  const onJobStart = ({ job }: { job: { locked_by: string | null } }) => {
    const poolId = job.locked_by;
    if (!poolId || known.has(poolId) || stopped) return;
    known.add(poolId);
    void keepAlive(poolId);
  };
  options.events.on('job:start', onJobStart);

  const sweep = async () => {
    const client = new pg.Client({ connectionString: options.connectionString, application_name: 'wa-agenda-dead-worker-sweep' });
    client.on('error', () => undefined);
    await client.connect();
    try {
      await sweepWith(client);
    } finally {
      await client.end().catch(() => undefined);
    }
  };
  const sweepWith = async (client: pg.Client) => {
    const grace = `${Math.max(0, Math.round(options.graceMs))} milliseconds`;
    const dead = await client.query<{ locked_by: string }>(
      `SELECT locked_by FROM (
         SELECT locked_by, locked_at FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL
         UNION ALL
         SELECT locked_by, locked_at FROM graphile_worker._private_job_queues WHERE locked_by IS NOT NULL
       ) locks
       WHERE locked_at < now() - $1::interval
         AND NOT (locked_by = ANY($3::text[]))
         AND NOT EXISTS (SELECT 1 FROM pg_stat_activity a WHERE a.application_name = left($2 || locks.locked_by, 63))
         -- Right after a database restart every liveness connection is gone until its owner
         -- reconnects (within ~1 s): give the living workers that long before judging them.
         AND pg_postmaster_start_time() < now() - interval '3 seconds'
       GROUP BY locked_by`,
      // This process's own pools are alive by definition, even while their liveness
      // connection is being reopened (a dropped connection, a database restart).
      [grace, NAME_PREFIX, [...known]],
    );
    const ids = dead.rows.map((row) => row.locked_by);
    if (ids.length === 0) return;
    await client.query('SELECT graphile_worker.force_unlock_workers($1::text[])', [ids]);
    logger.warn({ workerIds: ids }, 'released jobs locked by workers that are gone');
  };
  // A dead worker's conversation waits at most grace + interval before it runs again.
  const interval = options.intervalMs ?? Math.max(1000, options.graceMs / 2);
  let running: Promise<void> = Promise.resolve();
  const tick = () => {
    running = sweep().catch((error: unknown) => logger.warn({ err: error }, 'dead worker sweep failed'));
  };
  const firstSweep = setTimeout(tick, 200);
  const timer = setInterval(tick, interval);
  timer.unref();

  return {
    async stop() {
      stopped = true;
      clearTimeout(firstSweep);
      clearInterval(timer);
      options.events.off('job:start', onJobStart);
      await running;
      await Promise.all([...liveness.values()].map((client) => client.end().catch(() => undefined)));
    },
  };
}
