import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteEmptyJobQueues, deleteQueueLeftovers } from '../../src/queue/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const NOW = new Date('2026-12-10T06:00:00Z');

describe('what the job queue leaves behind', () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await testDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
  });
  afterAll(() => pool.end());

  const addJob = async (client: pg.PoolClient | pg.Pool, queue: string) => {
    const result = await client.query<{ id: string }>(
      `SELECT id FROM graphile_worker.add_job('send-message', '{"messageId": 1}'::json, queue_name := $1)`,
      [queue],
    );
    return result.rows[0]!.id;
  };
  const waitUntilWaitingOnQueueLock = async () => {
    for (;;) {
      const waiting = await pool.query(
        `SELECT 1 FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
          WHERE NOT l.granted AND l.relation = 'graphile_worker._private_job_queues'::regclass AND a.datname = current_database()`,
      );
      if (waiting.rowCount) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  const queueNames = async () =>
    (await pool.query<{ queue_name: string }>('SELECT queue_name FROM graphile_worker._private_job_queues ORDER BY queue_name')).rows.map(
      (row) => row.queue_name,
    );

  it('when jobs complete, then graphile-worker deletes them but keeps their named queue; the maintenance deletes the queue rows of no job', async () => {
    const done = await addJob(pool, 'conversation:1001');
    await addJob(pool, 'conversation:1002');
    await pool.query('SELECT graphile_worker.complete_jobs(ARRAY[$1::bigint])', [done]);
    expect((await pool.query('SELECT 1 FROM graphile_worker._private_jobs WHERE id = $1', [done])).rowCount).toBe(0);
    expect(await queueNames()).toEqual(expect.arrayContaining(['conversation:1001', 'conversation:1002']));

    const deleted = await deleteQueueLeftovers(database.db, { now: NOW, keepFailedDays: 7 });

    expect(deleted.jobQueues).toBeGreaterThanOrEqual(1);
    const left = await queueNames();
    expect(left).not.toContain('conversation:1001');
    // a queue with a job waiting keeps its row
    expect(left).toContain('conversation:1002');
  });

  it('when a job failed for good long ago, then it is deleted; a recent failure and a job still to retry stay', async () => {
    const old = await addJob(pool, 'conversation:2001');
    const recent = await addJob(pool, 'conversation:2002');
    const retrying = await addJob(pool, 'conversation:2003');
    await pool.query('SELECT graphile_worker.permanently_fail_jobs(ARRAY[$1::bigint, $2::bigint], $3)', [old, recent, 'boom']);
    await pool.query(`UPDATE graphile_worker._private_jobs SET updated_at = $2::timestamptz - interval '8 days' WHERE id = $1`, [old, NOW]);
    await pool.query(`UPDATE graphile_worker._private_jobs SET updated_at = $2::timestamptz - interval '1 day' WHERE id = $1`, [
      recent,
      NOW,
    ]);
    await pool.query('UPDATE graphile_worker._private_jobs SET attempts = 2, max_attempts = 5 WHERE id = $1', [retrying]);

    const deleted = await deleteQueueLeftovers(database.db, { now: NOW, keepFailedDays: 7 });

    expect(deleted.failedJobs).toBe(1);
    const ids = (await pool.query<{ id: string }>('SELECT id FROM graphile_worker._private_jobs')).rows.map((row) => row.id);
    expect(ids).not.toContain(old);
    expect(ids).toEqual(expect.arrayContaining([recent, retrying]));
    expect(await queueNames()).not.toContain('conversation:2001');
  });

  it('when a job is being added to an empty queue while the maintenance runs, then the maintenance waits and the job keeps its queue', async () => {
    const first = await addJob(pool, 'conversation:3001');
    await pool.query('SELECT graphile_worker.complete_jobs(ARRAY[$1::bigint])', [first]);
    // An intake transaction is half-way through add_jobs: its queue insert (a no-op: the row exists) is done, its job not yet committed.
    const intake = await pool.connect();
    try {
      await intake.query('BEGIN');
      const added = await addJob(intake, 'conversation:3001');
      const maintenance = deleteQueueLeftovers(database.db, { now: NOW, keepFailedDays: 7 });
      // Either it finishes on its own (and would have deleted the queue under the pending job), or it waits for the intake.
      await Promise.race([maintenance, waitUntilWaitingOnQueueLock()]);
      await intake.query('COMMIT');
      await maintenance;
      const job = await pool.query<{ queue: string | null }>(
        `SELECT q.queue_name AS queue FROM graphile_worker._private_jobs j
           LEFT JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id WHERE j.id = $1`,
        [added],
      );
      expect(job.rows[0]?.queue).toBe('conversation:3001');
    } finally {
      intake.release();
    }
  });

  it('when a transaction adding a job holds the queue table, then the every-minute cleanup gives way within its lock timeout, and deletes the rows on its next run', async () => {
    const finished = await addJob(pool, 'conversation:4001');
    await pool.query('SELECT graphile_worker.complete_jobs(ARRAY[$1::bigint])', [finished]);
    const intake = await pool.connect();
    try {
      await intake.query('BEGIN');
      await addJob(intake, 'conversation:4002');
      const started = Date.now();
      const busy = await deleteEmptyJobQueues(database.db, { lockTimeoutMs: 200 });
      expect(busy).toEqual({ kind: 'busy', deleted: 0 });
      expect(Date.now() - started).toBeLessThan(3000);
      expect(await queueNames()).toContain('conversation:4001');
      await intake.query('COMMIT');
    } finally {
      intake.release();
    }
    const done = await deleteEmptyJobQueues(database.db, { lockTimeoutMs: 200 });
    expect(done.kind).toBe('deleted');
    expect(done.deleted).toBeGreaterThanOrEqual(1);
    const left = await queueNames();
    expect(left).not.toContain('conversation:4001');
    expect(left).toContain('conversation:4002');
  });
});
