import { Prisma, type Queryable } from '../db/index.js';
import { notifyJobsDueSql } from './job-wakeups.js';

export interface JobSpec {
  task: string;
  payload: Record<string, unknown>;
  /** Jobs with the same queue name run one at a time, in order. */
  queueName?: string;
  runAt?: Date;
  maxAttempts?: number;
  /** With `jobKeyMode: 'replace'` a second add before the job runs replaces the first (debounce). */
  jobKey?: string;
  jobKeyMode?: 'replace' | 'preserve_run_at' | 'unsafe_dedupe';
  /** Lower runs first among runnable jobs (of a named queue too); graphile-worker's default is 0. */
  priority?: number;
}

/**
 * Adds a graphile-worker job through SQL on the given client, so it commits or rolls back
 * with the caller's transaction (the message is stored and its processing enqueued atomically).
 * A job due later also announces its due time (job-wakeups.ts), in the same statement, so a
 * worker wakes for it then instead of at its next poll.
 */
export async function enqueueJob(tx: Queryable, job: JobSpec): Promise<void> {
  const added = Prisma.sql`SELECT (graphile_worker.add_job(
    identifier => ${job.task}::text,
    payload => ${JSON.stringify(job.payload)}::json,
    queue_name => ${job.queueName ?? null}::text,
    run_at => ${job.runAt ?? null}::timestamptz,
    max_attempts => ${job.maxAttempts ?? null}::int,
    job_key => ${job.jobKey ?? null}::text,
    job_key_mode => ${job.jobKeyMode ?? null}::text,
    priority => ${job.priority ?? null}::int
  )).run_at`;
  if (!job.runAt) {
    await tx.$executeRaw(added);
    return;
  }
  await tx.$executeRaw`WITH added AS (${added}) ${Prisma.raw(notifyJobsDueSql('added'))}`;
}

/**
 * Removes the job with this key through SQL on the given client (with the caller's
 * transaction). graphile-worker deletes a job that is not running; one running right now
 * loses its key and will not be retried, so its handler must re-check what it acts on.
 */
export async function removeJobByKey(tx: Queryable, jobKey: string): Promise<void> {
  await tx.$executeRaw`SELECT graphile_worker.remove_job(${jobKey}::text)`;
}
