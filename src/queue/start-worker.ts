import { EventEmitter } from 'node:events';
import { type JobHelpers, type Runner, run, type Task, type TaskList, type WorkerEvents, type WorkerPool } from 'graphile-worker';
import type pg from 'pg';
import { createDatabasePool, type DatabasePool, sessionName } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import { startDeadWorkerRecovery } from './dead-worker-recovery.js';
import { toGraphileLogger } from './graphile-logger.js';
import { createJobAttempt, type JobFence, jobFencedError } from './job-fence.js';
import { createJobWakeups, JOBS_DUE_CHANNEL } from './job-wakeups.js';
import { holdPoolLiveness, type PoolLiveness } from './pool-liveness.js';
import { watchQueueLag } from './watch-queue-lag.js';

/**
 * graphile-worker's own poll, per job slot: each idle slot looked for a job every 2 s by default
 * (a `get_job` that locks every free named queue, so WAL too). Jobs are announced instead (see
 * startWorker); this only bounds how long a slot whose lookup failed waits before it tries again.
 */
const LAST_RESORT_POLL_MS = 10 * 60_000;

/**
 * graphile-worker deletes every job it ran with success (its `completeJob`), one statement and
 * one commit per job unless batched. Here the fence has deleted the job and freed its named queue
 * already (COMPLETE_JOB_SQL), so graphile's delete finds nothing: batching it over this window
 * only merges no-ops, and it delays nothing (the worker does not wait for it, and the queue is
 * free the moment the handler's work commits). At a stop the batch is flushed; a process killed
 * before that loses only no-ops.
 */
const GRAPHILE_COMPLETION_BATCH_MS = 250;

/** A job handler: graphile-worker's payload and helpers, plus the fence of this attempt (job-fence.ts). */
export type QueueTask = (payload: unknown, helpers: JobHelpers, fence: JobFence) => unknown;
export type QueueTaskList = Record<string, QueueTask>;

export interface WorkerHandle {
  /** Stops taking jobs and waits for the ones in flight. Idempotent. */
  stop(): Promise<void>;
  runner: Runner;
  /**
   * Resolves, once the worker has stopped, if it stopped because it lost its liveness lock (never
   * rejects; stays pending otherwise). The process should then exit and be restarted.
   */
  lost: Promise<Error>;
}

/**
 * Starts a graphile-worker runner in this process. Signals are left to main.ts, which
 * shuts HTTP, the worker and the database down in order.
 *
 * Around graphile: the pool holds a liveness lock from its creation (pool-liveness.ts) and runs
 * no handler before it has it; dead-worker-recovery.ts frees jobs of pools whose lock is gone.
 * Losing the lock is a fail-stop: every running handler's fence aborts (it commits nothing and
 * its job is given back), the worker takes no more jobs, stops, and `lost` resolves. A handler's
 * job is completed by the fence (in the handler's own commit, or right after it), never by
 * graphile's unconditional delete, so a worker that lost a job can never complete another
 * worker's run of it; and the job's named queue is free the moment its work commits. Jobs due
 * later wake the pool at their due time (job-wakeups.ts), and the lag watch nudges the pool
 * whenever it sees a job a worker could take (watch-queue-lag.ts): an idle worker looks for
 * no job while nothing is due, and graphile's own poll (`pollInterval`) is a last resort.
 */
export async function startWorker(options: {
  connectionString: string;
  concurrency: number;
  tasks: QueueTaskList;
  logger: Logger;
  /** last resort only (ms): due jobs, freed queues and retries wake the pool themselves, the lag watch catches the rest */
  pollInterval?: number;
  /** how often the lag watch looks at the queue, and nudges the pool for what it could take (ms) */
  queueCheckMs?: number;
  /** recurring jobs (graphile-worker crontab lines), e.g. MAINTENANCE_CRONTAB */
  crontab?: string;
  /** a warning is logged while the oldest due job has waited longer than this (ms) */
  queueLagWarnMs?: number;
  /** Jobs of a pool whose liveness lock has been seen free this long are released (see dead-worker-recovery.ts). */
  deadWorkerConfirmMs?: number;
  /** how often dead-worker recovery looks (ms) */
  deadWorkerSweepMs?: number;
  /** a liveness ping unanswered this long counts as a lost lock (ms) */
  livenessTimeoutMs?: number;
  /**
   * The process's pool to run on (it must allow `concurrency` + 2 connections for the queue on top
   * of what else uses it); the caller ends it after `stop()`. Without one the worker opens its own.
   */
  pgPool?: pg.Pool;
}): Promise<WorkerHandle> {
  // A pool given by the caller (the process's one pool, shared with Prisma) is the caller's to
  // end. Otherwise our own: graphile-worker ends a pool it created without awaiting it (and drops
  // its error listener first), so stopping PostgreSQL right after runner.stop() could crash the
  // process on an idle client's "terminating connection" error. This one is ended and awaited.
  const ownPool = options.pgPool
    ? undefined
    : createDatabasePool(options.connectionString, {
        max: Math.max(10, options.concurrency + 2),
        applicationName: sessionName('worker', 'queue'),
        logger: options.logger,
        component: 'queue',
      });
  const pgPool = options.pgPool ?? (ownPool as DatabasePool).pool;

  let workerPool: WorkerPool | undefined;
  let liveness: PoolLiveness | undefined;
  const wakeups = createJobWakeups(
    (count) => workerPool?.nudge(count),
    () => liveness?.clockOffsetMs() ?? 0,
  );
  let onLost: (error: Error) => void = () => undefined;
  const events = new EventEmitter() as WorkerEvents;
  // Emitted synchronously while run() creates the pool, before any of its workers looks for a job.
  events.on('pool:create', ({ workerPool: created }) => {
    workerPool = created;
    liveness = holdPoolLiveness({
      connectionString: options.connectionString,
      poolId: created.id,
      logger: options.logger,
      listenChannel: JOBS_DUE_CHANNEL,
      onNotification: (payload) => wakeups.onDueNotification(payload),
      pingTimeoutMs: options.livenessTimeoutMs,
    });
    liveness.signal.addEventListener('abort', () => onLost(liveness?.signal.reason as Error), { once: true });
  });

  const fenced =
    (task: QueueTask): Task =>
    async (payload, helpers) => {
      const held = liveness;
      if (!held) throw jobFencedError('no liveness lock for this worker pool');
      const heldSince = await held.held;
      const attempt = createJobAttempt(helpers.job, { pool: pgPool, signal: held.signal });
      // Locked before the lock was taken: a recovery may have freed it meanwhile (after, it cannot).
      const lockedAt = helpers.job.locked_at ? new Date(helpers.job.locked_at).getTime() : 0;
      if (lockedAt <= heldSince.getTime() + 1 && !(await attempt.isHeld()))
        throw jobFencedError('the job was released before this worker held its lock');
      try {
        await task(payload, helpers, attempt.fence);
      } catch (error) {
        if (held.signal.aborted && !attempt.completedWithin) {
          // Fenced: give it back at once, the attempt not counted (graphile's failJob then finds it no longer ours).
          await attempt.giveBack().catch(() => false);
        } else if (helpers.job.attempts < helpers.job.max_attempts) {
          // graphile retries after exp(attempts) seconds (its failJob); be there when it is due.
          wakeups.wakeIn(Math.exp(Math.min(helpers.job.attempts, 10)) * 1000 + 200);
        }
        // The text may quote customer data (a phone number, a message): it stays in the debug
        // log; graphile-worker's jobs.last_error and its error line get the code and the frames.
        options.logger.debug({ component: 'queue', task: helpers.job.task_identifier, err: error }, 'job attempt failed');
        throw codedJobError(error);
      }
      await attempt.complete();
    };
  const taskList: TaskList = Object.fromEntries(Object.entries(options.tasks).map(([name, task]) => [name, fenced(task)]));

  let runner: Runner;
  try {
    runner = await run({
      pgPool,
      events,
      concurrency: options.concurrency,
      taskList,
      logger: toGraphileLogger(options.logger),
      noHandleSignals: true,
      pollInterval: options.pollInterval ?? LAST_RESORT_POLL_MS,
      ...(options.crontab ? { crontab: options.crontab } : {}),
      // Migrations run once at boot (runQueueMigrations), not per runner.
      noPreparedStatements: false,
      preset: { worker: { completeJobBatchDelay: GRAPHILE_COMPLETION_BATCH_MS } },
    });
  } catch (error) {
    wakeups.stop();
    await liveness?.close();
    await ownPool?.end();
    throw error;
  }
  try {
    // Started means: holding its lock and listening for due times (a job added before that waits for a poll).
    await liveness?.held;
  } catch (error) {
    await runner.stop().catch(() => undefined);
    wakeups.stop();
    await ownPool?.end();
    throw error;
  }
  const recovery = startDeadWorkerRecovery({
    pool: pgPool,
    logger: options.logger,
    ownPoolIds: () => (workerPool ? [workerPool.id] : []),
    confirmMs: options.deadWorkerConfirmMs ?? 2000,
    intervalMs: options.deadWorkerSweepMs,
    onReleased: (poolIds) => workerPool?.nudge(poolIds.length * 4),
  });
  const lagWatch = watchQueueLag({
    pool: pgPool,
    logger: options.logger,
    warnAfterMs: options.queueLagWarnMs ?? 5000,
    intervalMs: options.queueCheckMs ?? 5000,
    onRunnable: (count) => workerPool?.nudge(count),
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      lagWatch.stop();
      await runner.stop().catch((error: unknown) => options.logger.warn({ component: 'queue', err: error }, 'runner stop failed'));
      wakeups.stop();
      await recovery.stop();
      await liveness?.close();
      await ownPool?.end();
    })();
    return stopping;
  };
  const lost = new Promise<Error>((resolve) => {
    onLost = (error) => {
      void stop().then(() => resolve(error));
    };
    if (liveness?.signal.aborted) onLost(liveness.signal.reason as Error);
  });
  return { runner, stop, lost };
}

/**
 * What graphile-worker keeps of a failed attempt (`jobs.last_error`, its log line): the error's
 * kind and code, never its message; the stack frames (code locations only) are kept.
 */
export function codedJobError(error: unknown): Error {
  const name = error instanceof Error ? error.name : typeof error;
  const rawCode = (error as { code?: unknown } | null)?.code;
  const code = typeof rawCode === 'string' && /^[\w.-]{1,60}$/.test(rawCode) ? rawCode : undefined;
  const coded = new Error(code ? `${name}: ${code}` : name);
  coded.name = 'JobFailed';
  const frames =
    error instanceof Error && typeof error.stack === 'string' ? error.stack.split('\n').filter((line) => /^\s+at /.test(line)) : [];
  coded.stack = [`JobFailed: ${coded.message}`, ...frames].join('\n');
  return coded;
}
