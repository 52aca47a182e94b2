import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteEmptyJobQueues, JOBS_DUE_CHANNEL, TASKS } from '../../src/queue/index.js';
import { type SqlRunner, storeInboundBatch, toInboundMessageContent } from '../../src/whatsapp/index.js';
import { newWamid } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// The intake's batch statement enqueues each conversation's job itself (add_conversation_jobs,
// not graphile-worker's add_jobs): these are the rules add_jobs follows that the job must keep.
describe("the intake's job per conversation, written in its one statement", () => {
  const schedule = { debounceMs: 60_000, maxWaitMs: 600_000, maxAttempts: 5 };
  let database: TestDatabase;
  let tenant: TestTenant;
  let pool: pg.Pool;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
  });
  afterAll(() => pool.end());
  /** the intake's runner over a pool or one client (a transaction held open) */
  const runner = (client: pg.Pool | pg.PoolClient): SqlRunner => ({
    query: async <Row>(text: string, values: unknown[]) => ({ rows: (await client.query(text, values)).rows as Row[] }),
  });

  let phone = 5511977000000;
  const message = (waId: string, body = 'oi') => {
    const waMessageId = newWamid();
    return {
      tenantId: tenant.id,
      waId,
      bsuid: null,
      parentBsuid: null,
      username: null,
      profileName: null,
      waMessageId,
      sentAt: new Date(),
      content: toInboundMessageContent({ id: waMessageId, from: waId, timestamp: 1, type: 'text', text: { body } }),
      referral: null,
      raw: { id: waMessageId, type: 'text', text: { body } },
    };
  };
  type Job = {
    id: string;
    key: string | null;
    queue: string | null;
    task: string;
    payload: unknown;
    attempts: number;
    max_attempts: number;
    revision: number;
    last_error: string | null;
    locked_by: string | null;
    wait_s: number;
  };
  const jobsOf = async (conversationId: number) =>
    (
      await pool.query<Job>(
        `SELECT j.id::text, j.key, q.queue_name AS queue, t.identifier AS task, j.payload, j.attempts, j.max_attempts, j.revision,
                j.last_error, j.locked_by, extract(epoch FROM j.run_at - now())::float8 AS wait_s
           FROM graphile_worker._private_jobs j
           JOIN graphile_worker._private_tasks t ON t.id = j.task_id
           LEFT JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
          WHERE j.payload->>'conversationId' = $1 ORDER BY j.id`,
        [String(conversationId)],
      )
    ).rows;
  /** A customer with one stored message and its job; returns the conversation id. */
  const firstMessage = async () => {
    const waId = String(phone++);
    const stored = await storeInboundBatch(runner(pool), [message(waId)], schedule);
    return { waId, conversationId: [...stored.values()][0]!.conversationId };
  };

  it('when a conversation gets its first message, then one job is due after the debounce, on its own queue, with its payload and attempts', async () => {
    const { conversationId } = await firstMessage();
    const [job, ...others] = await jobsOf(conversationId);
    expect(others).toEqual([]);
    expect(job).toMatchObject({
      key: `process-conversation:${conversationId}`,
      queue: `conversation:${conversationId}`,
      task: TASKS.processConversation,
      payload: { conversationId },
      attempts: 0,
      max_attempts: 5,
      revision: 0,
      last_error: null,
    });
    expect(job!.wait_s).toBeGreaterThan(55);
    expect(job!.wait_s).toBeLessThanOrEqual(60);
  });

  it('when the job is already waiting, then the next message moves that same job (debounce), without a second one', async () => {
    const { waId, conversationId } = await firstMessage();
    await pool.query(`UPDATE graphile_worker._private_jobs SET run_at = now() + interval '5 seconds' WHERE key = $1`, [
      `process-conversation:${conversationId}`,
    ]);
    const [before] = await jobsOf(conversationId);
    await storeInboundBatch(runner(pool), [message(waId, 'de novo')], schedule);
    const [after, ...others] = await jobsOf(conversationId);
    expect(others).toEqual([]);
    expect(after).toMatchObject({ id: before!.id, key: `process-conversation:${conversationId}`, revision: 1, attempts: 0 });
    expect(after!.wait_s).toBeGreaterThan(55);
  });

  it('when the job is being retried after an error, then a new message restarts its attempts and clears the error', async () => {
    const { waId, conversationId } = await firstMessage();
    await pool.query(`UPDATE graphile_worker._private_jobs SET attempts = 2, last_error = 'boom' WHERE key = $1`, [
      `process-conversation:${conversationId}`,
    ]);
    await storeInboundBatch(runner(pool), [message(waId, 'e agora?')], schedule);
    const [job, ...others] = await jobsOf(conversationId);
    expect(others).toEqual([]);
    expect(job).toMatchObject({ attempts: 0, last_error: null, revision: 1, key: `process-conversation:${conversationId}` });
  });

  it('when the job is running, then it keeps running without its key and the new message gets a job of its own on the same queue', async () => {
    const { waId, conversationId } = await firstMessage();
    await pool.query(`UPDATE graphile_worker._private_jobs SET locked_at = now(), locked_by = 'worker-1', attempts = 1 WHERE key = $1`, [
      `process-conversation:${conversationId}`,
    ]);
    await storeInboundBatch(runner(pool), [message(waId, 'mais uma coisa')], schedule);
    const [running, added, ...others] = await jobsOf(conversationId);
    expect(others).toEqual([]);
    // as add_jobs does: the running attempt is its last (its key is gone), the new job waits its turn in the queue
    expect(running).toMatchObject({ key: null, locked_by: 'worker-1', attempts: 5, queue: `conversation:${conversationId}` });
    expect(added).toMatchObject({ key: `process-conversation:${conversationId}`, locked_by: null, attempts: 0, revision: 0 });
    expect(added!.queue).toBe(`conversation:${conversationId}`);
  });

  it('when the job ran out of attempts, then a new message gets a new job and the failed one stays as it was', async () => {
    const { waId, conversationId } = await firstMessage();
    await pool.query(`UPDATE graphile_worker._private_jobs SET attempts = max_attempts, last_error = 'falhou' WHERE key = $1`, [
      `process-conversation:${conversationId}`,
    ]);
    await storeInboundBatch(runner(pool), [message(waId, 'alguém aí?')], schedule);
    const [failed, added, ...others] = await jobsOf(conversationId);
    expect(others).toEqual([]);
    expect(failed).toMatchObject({ key: null, attempts: 5, last_error: 'falhou' });
    expect(added).toMatchObject({ key: `process-conversation:${conversationId}`, attempts: 0, last_error: null });
  });

  /** What a listener hears on graphile's `jobs:insert` and on the due-time channel while `write` runs. */
  const notificationsOf = async (write: () => Promise<unknown>, expected: number) => {
    const listener = await pool.connect();
    try {
      const heard: { channel: string; payload: string | undefined }[] = [];
      listener.on('notification', (note) => heard.push({ channel: note.channel, payload: note.payload }));
      await listener.query(`LISTEN "jobs:insert"; LISTEN "${JOBS_DUE_CHANNEL}"`);
      await write();
      for (let wait = 0; heard.length < expected && wait < 100; wait++) await new Promise((resolve) => setTimeout(resolve, 20));
      // anything else would come within a few more milliseconds
      await new Promise((resolve) => setTimeout(resolve, 100));
      return {
        inserted: heard.filter((note) => note.channel === 'jobs:insert').map((note) => JSON.parse(note.payload!) as { count: number }),
        due: heard.filter((note) => note.channel === JOBS_DUE_CHANNEL).map((note) => JSON.parse(note.payload!) as number[]),
      };
    } finally {
      listener.release();
    }
  };

  it('when a batch stores debounced jobs, then the workers are told when each falls due, and not told to look now', async () => {
    const first = String(phone++);
    const before = Date.now();
    const heard = await notificationsOf(
      () => storeInboundBatch(runner(pool), [message(first), message(String(phone++)), message(first)], schedule),
      1,
    );
    // a lookup now would find nothing: the jobs are due a debounce from now
    expect(heard.inserted).toEqual([]);
    expect(heard.due).toHaveLength(1);
    expect(heard.due[0]!.length).toBeGreaterThanOrEqual(1);
    for (const dueAt of heard.due[0]!) {
      expect(dueAt).toBeGreaterThan(before + schedule.debounceMs - 5_000);
      expect(dueAt).toBeLessThan(Date.now() + schedule.debounceMs + 5_000);
    }
  });

  it('when a conversation has waited past the max wait, then its job is announced as due now, and only the others by their due time', async () => {
    const { waId, conversationId } = await firstMessage();
    // its unanswered message has waited longer than the max wait
    await pool.query(`UPDATE messages SET created_at = created_at - interval '11 minutes' WHERE conversation_id = $1`, [conversationId]);
    const heard = await notificationsOf(
      () => storeInboundBatch(runner(pool), [message(waId, 'ainda estou esperando'), message(String(phone++))], schedule),
      2,
    );
    expect(heard.inserted).toEqual([expect.objectContaining({ count: 1 })]);
    expect(heard.due).toHaveLength(1);
    expect(heard.due[0]).toHaveLength(1);
    const [job] = await jobsOf(conversationId);
    expect(job!.wait_s).toBeLessThanOrEqual(0);
  });

  it('when a batch adds a job to a queue that exists, then until it commits the queue maintenance cannot delete queue rows under it', async () => {
    const { waId } = await firstMessage();
    const intake = await pool.connect();
    try {
      await intake.query('BEGIN');
      await storeInboundBatch(runner(intake), [message(waId, 'ainda no ar')], schedule);
      expect(await deleteEmptyJobQueues(database.db, { lockTimeoutMs: 200 })).toEqual({ kind: 'busy', deleted: 0 });
      await intake.query('COMMIT');
    } finally {
      intake.release();
    }
    expect((await deleteEmptyJobQueues(database.db, { lockTimeoutMs: 200 })).kind).toBe('deleted');
  });
});
