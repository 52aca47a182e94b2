import type { Db } from '../db/index.js';

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
 * without a lock, so it can race `add_jobs`: that function inserts the queue row (a no-op when it
 * exists) and then the job in a later statement that looks the queue up again; a queue row
 * deleted in between leaves the job without its queue, and a conversation's jobs could then run
 * at the same time. Here the delete first takes a SHARE ROW EXCLUSIVE lock on the queue table,
 * which waits for every transaction that has inserted into it (add_jobs holds that lock until it
 * commits) and holds new ones off for the few milliseconds the batch takes.
 */
export async function deleteQueueLeftovers(db: Db, options: { now: Date; keepFailedDays: number }): Promise<DeletedQueueLeftovers> {
  const failedBefore = new Date(options.now.getTime() - options.keepFailedDays * DAY_MS);
  const failedJobs = await db.$executeRaw`
    DELETE FROM graphile_worker._private_jobs
     WHERE attempts >= max_attempts AND locked_at IS NULL AND updated_at < ${failedBefore}`;
  let jobQueues = 0;
  for (;;) {
    const deleted = await db.$transaction(async (tx) => {
      await tx.$executeRaw`SET LOCAL lock_timeout = '10s'`;
      await tx.$executeRaw`LOCK TABLE graphile_worker._private_job_queues IN SHARE ROW EXCLUSIVE MODE`;
      return tx.$executeRaw`
        DELETE FROM graphile_worker._private_job_queues WHERE id IN (
          SELECT q.id FROM graphile_worker._private_job_queues q
           WHERE q.locked_at IS NULL
             AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_jobs j WHERE j.job_queue_id = q.id)
           LIMIT ${QUEUES_PER_BATCH}::int)`;
    });
    jobQueues += deleted;
    if (deleted < QUEUES_PER_BATCH) return { jobQueues, failedJobs };
  }
}
