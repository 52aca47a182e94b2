import type pg from 'pg';
import type { Queryable } from '../db/index.js';
import { AppError } from '../shared/index.js';
import { COMPLETE_JOB_SQL, HOLD_JOB_SQL, IS_JOB_HELD_SQL, RETURN_JOB_SQL } from './graphile-schema.js';

/**
 * What a job handler gets to keep its effects to itself (see start-worker.ts): a job runs on one
 * worker at a time only while that worker holds its liveness lock (pool-liveness.ts); once the
 * lock is lost, recovery may hand the job to another worker, so from then on this run must not
 * commit anything.
 */
export interface JobFence {
  /** aborted when this worker lost its liveness lock: stop, commit nothing */
  readonly signal: AbortSignal;
  /** throws `job_fenced` once `signal` is aborted */
  throwIfLost(): void;
  /**
   * The last statement of the transaction that commits the job's effects: completes the job
   * there (deletes its row, frees its named queue) if this worker still holds it for this
   * attempt, else throws `job_fenced` so the whole transaction rolls back. Decided atomically
   * with the commit: a recovery that freed the job before this statement makes it refuse; one
   * that comes after waits for the commit (the deleted row stays locked) and finds nothing. The
   * queue is free the moment the effects commit (the conversation's replies can be sent at
   * once); after it, the handler must not touch what the queue serialises: the next job of the
   * queue may be running. Last, not first: the intake locks the conversation's row before the
   * job's (add_jobs), so taking the job row first would deadlock with it.
   */
  completeWithin(tx: Queryable): Promise<void>;
  /**
   * For a transaction that commits part of the job's effects but not its end (a job that
   * commits several turns one after another): locks the job row there if this worker still
   * holds it for this attempt, else throws `job_fenced`. Last statement, as completeWithin.
   */
  holdWithin(tx: Queryable): Promise<void>;
}

/** A job as graphile-worker locked it: the lock's owner and time identify this attempt. */
export interface LockedJob {
  id: string;
  locked_by: string | null;
  locked_at: Date | string | null;
}

export const jobFencedError = (message: string) => new AppError('job_fenced', message);
export const isJobFencedError = (error: unknown) => error instanceof AppError && error.code === 'job_fenced';

/** The fence of one attempt of one job, and what the worker does around the handler. */
export interface JobAttempt {
  fence: JobFence;
  /** completeWithin ran and committed (or the transaction is still open) */
  readonly completedWithin: boolean;
  /** after a successful handler: completes the job unless the handler did; throws `job_fenced` if it is no longer ours */
  complete(): Promise<void>;
  /** gives the job back (not counted as an attempt) if it is still ours; false when it was not */
  giveBack(): Promise<boolean>;
  /** whether the job is still locked by this pool for this attempt */
  isHeld(): Promise<boolean>;
}

export function createJobAttempt(job: LockedJob, options: { pool: pg.Pool; signal: AbortSignal }): JobAttempt {
  const lockedAt = job.locked_at === null ? null : new Date(job.locked_at);
  const params = [job.id, job.locked_by, lockedAt?.toISOString() ?? null];
  let completedWithin = false;
  let completed = false;
  const count = async (run: () => Promise<{ n: number }[]>) => ((await run())[0]?.n ?? 0) > 0;
  const fence: JobFence = {
    signal: options.signal,
    throwIfLost() {
      if (options.signal.aborted) throw jobFencedError('this worker lost its liveness lock: the job may run elsewhere');
    },
    async completeWithin(tx) {
      fence.throwIfLost();
      const ours = await count(() => tx.$queryRawUnsafe<{ n: number }[]>(COMPLETE_JOB_SQL, ...params));
      if (!ours) throw jobFencedError('the job is no longer locked by this worker: its effects are not committed');
      completedWithin = true;
    },
    async holdWithin(tx) {
      fence.throwIfLost();
      const ours = await count(() => tx.$queryRawUnsafe<{ n: number }[]>(HOLD_JOB_SQL, ...params));
      if (!ours) throw jobFencedError('the job is no longer locked by this worker: its effects are not committed');
    },
  };
  const query = (sql: string) => options.pool.query<{ n: number }>(sql, params).then((result) => result.rows);
  return {
    fence,
    get completedWithin() {
      return completedWithin;
    },
    async complete() {
      if (completedWithin || completed) return;
      if (!(await count(() => query(COMPLETE_JOB_SQL)))) throw jobFencedError('the job is no longer locked by this worker');
      completed = true;
    },
    giveBack: () => count(() => query(RETURN_JOB_SQL)),
    isHeld: () => count(() => query(IS_JOB_HELD_SQL)),
  };
}
