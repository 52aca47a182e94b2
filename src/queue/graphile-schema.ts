import type { Queryable } from '../db/index.js';

// graphile-worker's own schema, as this project reads and writes it beyond the library's API:
// the one module that names its private tables (job fences, dead-worker recovery, leftovers,
// the readiness probe) and its `jobs` view (queue lag, metrics), besides the intake's job
// upsert in SQL (add_conversation_jobs, migration 20261219000000_intake_jobs_without_add_jobs).
// Every column used here or there is listed in QUEUE_SCHEMA_USED, and test/queue/graphile-schema.test.ts fails when the
// installed graphile-worker's schema lacks one or gives it another type, so an upgrade that
// changes them is caught before it reaches a worker.

/** Columns read or written here, per table or view of `graphile_worker`, with their PostgreSQL types. */
export const QUEUE_SCHEMA_USED = {
  _private_jobs: {
    id: 'bigint',
    job_queue_id: 'integer',
    run_at: 'timestamp with time zone',
    locked_by: 'text',
    locked_at: 'timestamp with time zone',
    attempts: 'smallint',
    max_attempts: 'smallint',
    updated_at: 'timestamp with time zone',
    // written by add_conversation_jobs, as graphile-worker's add_jobs writes them
    task_id: 'integer',
    payload: 'json',
    key: 'text',
    priority: 'smallint',
    flags: 'jsonb',
    revision: 'integer',
    last_error: 'text',
    is_available: 'boolean',
  },
  _private_job_queues: {
    id: 'integer',
    locked_by: 'text',
    locked_at: 'timestamp with time zone',
    queue_name: 'text',
  },
  _private_tasks: {
    id: 'integer',
    identifier: 'text',
  },
  jobs: {
    task_identifier: 'text',
    run_at: 'timestamp with time zone',
    locked_at: 'timestamp with time zone',
    attempts: 'smallint',
    max_attempts: 'smallint',
  },
} as const satisfies Record<string, Record<string, string>>;

/** Functions of `graphile_worker` called directly (not through the library). */
export const QUEUE_FUNCTIONS_USED = ['add_job', 'remove_job', 'force_unlock_workers'] as const;

// --- job fences (job-fence.ts): $1 job id, $2 the lock's owner, $3 the lock's time ---
// locked_at has microseconds; the JavaScript Date graphile hands over has them cut to milliseconds.
const SAME_LOCK = `id = $1::bigint AND locked_by = $2::text AND locked_at >= $3::timestamptz AND locked_at < $3::timestamptz + interval '1 millisecond'`;

/** Deletes the job if this attempt still holds it, and frees its named queue. */
export const COMPLETE_JOB_SQL = `
  WITH job AS (DELETE FROM graphile_worker._private_jobs WHERE ${SAME_LOCK} RETURNING job_queue_id),
  queue AS (UPDATE graphile_worker._private_job_queues q SET locked_by = NULL, locked_at = NULL
            FROM job WHERE q.id = job.job_queue_id AND q.locked_by = $2::text RETURNING q.id)
  SELECT count(*)::int AS n FROM job`;

/** As graphile-worker's own returnJobs: available again at once, the attempt not counted. */
export const RETURN_JOB_SQL = `
  WITH job AS (UPDATE graphile_worker._private_jobs SET attempts = GREATEST(0, attempts - 1), locked_by = NULL, locked_at = NULL
               WHERE ${SAME_LOCK} RETURNING job_queue_id),
  queue AS (UPDATE graphile_worker._private_job_queues q SET locked_by = NULL, locked_at = NULL
            FROM job WHERE q.id = job.job_queue_id AND q.locked_by = $2::text RETURNING q.id)
  SELECT count(*)::int AS n FROM job`;

export const IS_JOB_HELD_SQL = `SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE ${SAME_LOCK}`;

export const HOLD_JOB_SQL = `
  WITH job AS (SELECT id FROM graphile_worker._private_jobs WHERE ${SAME_LOCK} FOR UPDATE)
  SELECT count(*)::int AS n FROM job`;

// --- dead-worker recovery (dead-worker-recovery.ts) ---
/** Every worker id that holds a job or a named queue now (a CTE body: `WITH locks AS (…)`). */
export const LOCK_OWNERS_SQL = `
         SELECT locked_by FROM graphile_worker._private_jobs WHERE locked_by IS NOT NULL
         UNION
         SELECT locked_by FROM graphile_worker._private_job_queues WHERE locked_by IS NOT NULL`;

// --- leftovers (delete-queue-leftovers.ts) ---
/** Permanently failed jobs last touched before $1. */
export const DELETE_FAILED_JOBS_SQL = `
    DELETE FROM graphile_worker._private_jobs
     WHERE attempts >= max_attempts AND locked_at IS NULL AND updated_at < $1::timestamptz`;

export const LOCK_JOB_QUEUES_SQL = 'LOCK TABLE graphile_worker._private_job_queues IN SHARE ROW EXCLUSIVE MODE';

/** Up to $1 named-queue rows that no job refers to. */
export const DELETE_EMPTY_JOB_QUEUES_SQL = `
          DELETE FROM graphile_worker._private_job_queues WHERE id IN (
            SELECT q.id FROM graphile_worker._private_job_queues q
             WHERE q.locked_at IS NULL
               AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_jobs j WHERE j.job_queue_id = q.id)
             LIMIT $1::int)`;

/**
 * Due jobs nobody took yet, how many of them a worker could take now (not behind a running job
 * of their named queue), and how late the oldest is, in milliseconds.
 */
export const QUEUE_LAG_SQL = `
    SELECT count(*)::int AS waiting,
           count(*) FILTER (WHERE queue.locked_at IS NULL)::int AS runnable,
           coalesce(floor(extract(epoch FROM now() - min(job.run_at)) * 1000), 0)::int AS lag_ms
    FROM graphile_worker._private_jobs job
    LEFT JOIN graphile_worker._private_job_queues queue ON queue.id = job.job_queue_id
    WHERE job.run_at <= now() AND job.locked_at IS NULL AND job.attempts < job.max_attempts`;

/** Whether any named-queue row is free and of no job (what DELETE_EMPTY_JOB_QUEUES_SQL would delete). A read: no lock, no WAL. */
export const ANY_EMPTY_JOB_QUEUE_SQL = `
    SELECT EXISTS (
      SELECT 1 FROM graphile_worker._private_job_queues q
       WHERE q.locked_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM graphile_worker._private_jobs j WHERE j.job_queue_id = q.id)) AS any`;

// --- reads of the jobs view ---

/** The same per task, with the oldest's lag in seconds (for /metrics). */
export const DUE_JOBS_BY_TASK_SQL = `
    SELECT task_identifier AS task, count(*) AS waiting, extract(epoch FROM now() - min(run_at))::float8 AS lag
      FROM graphile_worker.jobs
     WHERE run_at <= now() AND locked_at IS NULL AND attempts < max_attempts
     GROUP BY task_identifier`;

/** Due jobs per task for /metrics (see DUE_JOBS_BY_TASK_SQL). */
export function readDueJobsByTask(db: Queryable): Promise<{ task: string; waiting: bigint; lag: number | null }[]> {
  return db.$queryRawUnsafe(DUE_JOBS_BY_TASK_SQL);
}

/** Whether the queue's schema is there (the readiness probe); throws when the database is unreachable. */
export async function isQueueSchemaReachable(db: Queryable): Promise<void> {
  await db.$queryRawUnsafe('SELECT 1 FROM graphile_worker._private_jobs LIMIT 1');
}

export type QueueSchemaDrift =
  | { kind: 'missing_column'; table: string; column: string; expected: string }
  | { kind: 'other_type'; table: string; column: string; expected: string; found: string }
  | { kind: 'missing_function'; name: string };

/**
 * What the installed schema (`schema`, graphile-worker's by default) lacks or types otherwise
 * among the columns and functions this project uses; empty when all are as expected.
 */
export async function findQueueSchemaDrift(db: Queryable, schema = 'graphile_worker'): Promise<QueueSchemaDrift[]> {
  const columns = await db.$queryRaw<{ table_name: string; column_name: string; data_type: string }[]>`
    SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = ${schema}`;
  const functions = await db.$queryRaw<{ name: string }[]>`
    SELECT p.proname AS name FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace WHERE n.nspname = ${schema}`;
  const typeOf = new Map(columns.map((row) => [`${row.table_name}.${row.column_name}`, row.data_type]));
  const drift: QueueSchemaDrift[] = [];
  for (const [table, used] of Object.entries(QUEUE_SCHEMA_USED)) {
    for (const [column, expected] of Object.entries(used)) {
      const found = typeOf.get(`${table}.${column}`);
      if (found === undefined) drift.push({ kind: 'missing_column', table, column, expected });
      else if (found !== expected) drift.push({ kind: 'other_type', table, column, expected, found });
    }
  }
  const present = new Set(functions.map((row) => row.name));
  for (const name of QUEUE_FUNCTIONS_USED) if (!present.has(name)) drift.push({ kind: 'missing_function', name });
  return drift;
}
