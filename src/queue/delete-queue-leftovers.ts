import { type Db, inTransaction, isLockNotAvailable } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import { ANY_EMPTY_JOB_QUEUE_SQL, DELETE_EMPTY_JOB_QUEUES_SQL, DELETE_FAILED_JOBS_SQL, LOCK_JOB_QUEUES_SQL } from './graphile-schema.js';

/** Named queues removed per transaction: bounds how long intake waits on the lock. */
const QUEUES_PER_BATCH = 5000;
const DAY_MS = 86_400_000;

export interface DeletedQueueLeftovers {
  /** `_private_job_queues` rows of no job (one per conversation that ever had a job) */
  jobQueues: number;
  /** jobs that used up their attempts, last touched before the cutoff */
  failedJobs: number;
}

/**
 * What the job queue leaves behind: graphile-worker deletes a job when it completes, but keeps
 * the row of every named queue it ever saw (`conversation:<id>`: one per conversation, forever)
 * and every permanently failed job. This deletes the queue rows no job refers to and the failed
 * jobs older than `keepFailedDays` (their failure was logged and handed to a person long ago).
 *
 * graphile-worker's own `cleanup({ tasks: ['GC_JOB_QUEUES'] })` runs the same delete, but
 * without a lock, so it can race `add_jobs` (and the intake's add_conversation_jobs, which
 * writes the same rows in the same order): that function inserts the queue row (a no-op when it
 * exists) and then the job in a later statement that looks the queue up again; a queue row
 * deleted in between leaves the job without its queue, and a conversation's jobs could then run
 * at the same time. Here the delete first takes a SHARE ROW EXCLUSIVE lock on the queue table,
 * which waits for every transaction that has inserted into it (add_jobs holds that lock until it
 * commits) and holds new ones off for the few milliseconds the batch takes.
 */
export async function deleteQueueLeftovers(db: Db, options: { now: Date; keepFailedDays: number }): Promise<DeletedQueueLeftovers> {
  const failedBefore = new Date(options.now.getTime() - options.keepFailedDays * DAY_MS);
  const failedJobs = await db.$executeRawUnsafe(DELETE_FAILED_JOBS_SQL, failedBefore);
  const queues = await deleteEmptyJobQueues(db, { lockTimeoutMs: 10_000 });
  if (queues.kind === 'busy') throw new Error('the job queue table stayed locked for 10 s: empty queues not deleted');
  return { jobQueues: queues.deleted, failedJobs };
}

export type DeletedJobQueues =
  | { kind: 'deleted'; deleted: number }
  /** the lock was not granted within `lockTimeoutMs` (a long transaction was adding jobs): nothing deleted */
  | { kind: 'busy'; deleted: number };

/**
 * Deletes the named-queue rows no job refers to (see deleteQueueLeftovers for the lock). Run
 * every minute as well as daily: graphile-worker's `get_job` locks EVERY available queue row
 * (`FOR UPDATE SKIP LOCKED` over `_private_job_queues`) each time a worker looks for a job, so
 * with one row per conversation ever seen, each lookup wrote a WAL record per conversation
 * (the soak's `--statements`: 891 of the 989 WAL records per customer message at 1 000
 * customers came from it; 9 133 per message in all at 2 000). With the rows of finished conversations gone, a lookup locks only the
 * conversations active in the last minute. `lockTimeoutMs` bounds how long a webhook's
 * `add_job` may wait behind this delete; when the lock is not granted in time the rows wait
 * for the next run.
 */
export async function deleteEmptyJobQueues(db: Db, options: { lockTimeoutMs: number }): Promise<DeletedJobQueues> {
  let deleted = 0;
  for (;;) {
    let batch: number;
    try {
      batch = await inTransaction(db, async (tx) => {
        await tx.$executeRawUnsafe(`SET LOCAL lock_timeout = '${Math.max(1, Math.round(options.lockTimeoutMs))}ms'`);
        await tx.$executeRawUnsafe(LOCK_JOB_QUEUES_SQL);
        return tx.$executeRawUnsafe(DELETE_EMPTY_JOB_QUEUES_SQL, QUEUES_PER_BATCH);
      });
    } catch (error) {
      if (isLockNotAvailable(error)) return { kind: 'busy', deleted };
      throw error;
    }
    deleted += batch;
    if (batch < QUEUES_PER_BATCH) return { kind: 'deleted', deleted };
  }
}

/** Whether deleteEmptyJobQueues would find anything to delete (one read). */
export async function hasEmptyJobQueues(db: Db): Promise<boolean> {
  const rows = await db.$queryRawUnsafe<{ any: boolean }[]>(ANY_EMPTY_JOB_QUEUE_SQL);
  return rows[0]?.any === true;
}

/**
 * Every `intervalMs` (a minute) in a worker process: deleteEmptyJobQueues, when one read found
 * something to delete. In-process, not a graphile-worker cron line: each cron fire writes its
 * bookkeeping row, adds a job and completes it, so an idle service wrote WAL every minute with
 * nothing to delete; this reads and goes back to sleep. Several workers doing it is harmless (the
 * delete's lock orders them).
 */
export function startEmptyJobQueueCollection(options: { db: Db; logger: Logger; lockTimeoutMs: number; intervalMs?: number }): {
  stop(): Promise<void>;
} {
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  const collect = async () => {
    if (!(await hasEmptyJobQueues(options.db))) return;
    const queues = await deleteEmptyJobQueues(options.db, { lockTimeoutMs: options.lockTimeoutMs });
    options.logger.debug({ component: 'maintenance', ...queues }, 'empty job queues deleted');
  };
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    running = collect()
      .catch((error: unknown) => options.logger.warn({ component: 'maintenance', err: error }, 'empty job queue collection failed'))
      .finally(() => {
        busy = false;
      });
  }, options.intervalMs ?? 60_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
