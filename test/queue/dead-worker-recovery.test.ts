import type { ChildProcess } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../src/db/index.js';
import { startDeadWorkerRecovery } from '../../src/queue/dead-worker-recovery.js';
import { createJobAttempt } from '../../src/queue/job-fence.js';
import { silentLogger } from '../../src/shared/index.js';
import { findConversation, outboundMessages, postWebhook, startChannel, waitFor } from '../conversation/channel-harness.js';
import { spawnWorkerProcess, WORKER_STARTUP_MS, type WorkerProcess } from '../conversation/worker-process.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('dead worker recovery', () => {
  let database: TestDatabase;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    database = await testDatabase();
  });
  const killAll = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  afterAll(killAll);

  /** A conversation with one message waiting for its turn, no worker running yet. */
  const pendingTurn = async (from: string, text: string) => {
    const channel = await startChannel({ database, worker: false, config: { DEBOUNCE_MS: '100' } });
    const tenant = await createTestTenant(database.db);
    await postWebhook(channel.app, webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text })).expect(200);
    return waitFor(() => findConversation(database.db, tenant.id, from));
  };
  const worker = (env: Record<string, string>, delayMs: number): WorkerProcess => {
    const started = spawnWorkerProcess({ ...env, RESPONDER_DELAY_MS: String(delayMs) });
    children.push(started.child);
    return started;
  };
  const lockOfQueue = async (conversationId: number) =>
    (
      await database.db.$queryRaw<{ locked_by: string | null }[]>`
        SELECT j.locked_by FROM graphile_worker._private_jobs j JOIN graphile_worker._private_job_queues q ON q.id = j.job_queue_id
        WHERE q.queue_name = ${`conversation:${conversationId}`}`
    )[0]?.locked_by ?? null;

  it("when a busy worker's idle liveness connection is cut, then no other worker starts its job while it runs, and it stops with exit code 75", async () => {
    const graph = new GraphApiFake();
    const graphServer = await graph.listen();
    const env = { CRASH_TEST_DATABASE_URL: database.url, WHATSAPP_GRAPH_URL: graphServer.url, DEBOUNCE_MS: '100', LOG_LEVEL: 'silent' };
    try {
      const conversation = await pendingTurn('5511977770001', 'tem horário amanhã?');
      // A: a slow model (longer than B takes to start), so the run still waits on it when its session is cut.
      const first = worker(env, 180_000);
      await waitFor(() => first.lineAt('run-started'), { what: 'the first worker started the run', timeoutMs: WORKER_STARTUP_MS });
      const second = worker(env, 0);
      await waitFor(() => second.lineAt('ready'), { what: 'the second worker is up', timeoutMs: WORKER_STARTUP_MS });
      const poolOfFirst = await waitFor(() => lockOfQueue(conversation.id), { what: "the job's lock" });

      // What idle_session_timeout, an operator or a pooler does to an idle connection; again for a
      // few seconds, as a pooler that keeps culling it would (whatever reconnects is cut again).
      const cut = () => database.db.$queryRaw<{ terminated: boolean }[]>`
        SELECT pg_terminate_backend(pid) AS terminated FROM pg_stat_activity WHERE application_name = ${`wa-agenda-worker:${poolOfFirst}`}`;
      expect(await cut()).toEqual([{ terminated: true }]);
      for (let tries = 0; tries < 40 && first.exitedAt() === undefined; tries++) {
        await sleep(200);
        await cut();
      }
      await waitFor(async () => (await outboundMessages(database.db, conversation.id)).some((row) => row.status === 'sent'), {
        what: 'the reply sent',
        timeoutMs: 30_000,
      });
      await sleep(500);
      // B started only after A's run had stopped (no two model calls at once), and A stopped itself to be restarted.
      const firstFinished = first.lineAt('run-finished');
      const secondStarted = second.lineAt('run-started');
      expect(secondStarted, 'the second worker ran the job').toBeDefined();
      const overlapped = firstFinished === undefined || (secondStarted as number) < firstFinished;
      expect(overlapped, 'the second worker started the job while the first was still running it').toBe(false);
      expect(first.output()).toContain('cancelled');
      expect(await first.exited).toBe(75);
      // One reply, from one run (resumed by B), no second answer from A.
      expect(graph.acceptedTexts().filter((text) => text.includes('tem horário amanhã?'))).toEqual(['Resposta para: tem horário amanhã?']);
      expect(await outboundMessages(database.db, conversation.id)).toHaveLength(1);
      const runs = await database.db.agentRun.findMany({ where: { conversationId: conversation.id } });
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'completed', outcome: 'answer' });
      const inbound = await database.db.message.findMany({ where: { conversationId: conversation.id, direction: 'inbound' } });
      expect(inbound.map((row) => row.status)).toEqual(['processed']);
    } finally {
      killAll();
      await graphServer.close();
    }
  }, 240_000);

  it('when a busy worker is SIGKILLed, then another worker resumes its job within 10 s and answers once', async () => {
    const graph = new GraphApiFake();
    const graphServer = await graph.listen();
    const env = { CRASH_TEST_DATABASE_URL: database.url, WHATSAPP_GRAPH_URL: graphServer.url, DEBOUNCE_MS: '100', LOG_LEVEL: 'silent' };
    try {
      const conversation = await pendingTurn('5511977770002', 'quero cancelar');
      const first = worker(env, 60_000);
      await waitFor(() => first.lineAt('run-started'), { what: 'the first worker started the run', timeoutMs: WORKER_STARTUP_MS });
      const second = worker(env, 0);
      await waitFor(() => second.lineAt('ready'), { what: 'the second worker is up', timeoutMs: WORKER_STARTUP_MS });
      first.child.kill('SIGKILL');
      await first.exited;
      const killedAt = Date.now();
      await waitFor(() => second.lineAt('run-started'), { what: 'the run resumed on the second worker', timeoutMs: 10_000 });
      expect((second.lineAt('run-started') as number) - killedAt).toBeLessThan(10_000);
      await waitFor(async () => (await outboundMessages(database.db, conversation.id)).some((row) => row.status === 'sent'), {
        what: 'the reply sent',
        timeoutMs: 20_000,
      });
      expect(graph.acceptedTexts().filter((text) => text.includes('quero cancelar'))).toEqual(['Resposta para: quero cancelar']);
      const runs = await database.db.agentRun.findMany({ where: { conversationId: conversation.id } });
      expect(runs).toHaveLength(1);
    } finally {
      killAll();
      await graphServer.close();
    }
  }, 240_000);

  describe('the sweep', () => {
    /** A job on its own conversation queue, locked by `poolId` a minute ago (as a running job is). */
    const lockedJob = async (key: string, poolId: string) => {
      await database.db.$executeRaw`
        SELECT graphile_worker.add_job('send-message', '{"messageId": 1}'::json, queue_name => ${`sweep:${key}`}, job_key => ${key})`;
      await database.db.$executeRaw`
        UPDATE graphile_worker._private_jobs SET locked_by = ${poolId}, locked_at = now() - interval '1 minute', attempts = 1 WHERE key = ${key}`;
      await database.db.$executeRaw`
        UPDATE graphile_worker._private_job_queues SET locked_by = ${poolId}, locked_at = now() - interval '1 minute' WHERE queue_name = ${`sweep:${key}`}`;
    };
    const lockOf = async (key: string) =>
      (
        await database.db.$queryRaw<{ locked_by: string | null }[]>`SELECT locked_by FROM graphile_worker._private_jobs WHERE key = ${key}`
      )[0]?.locked_by;
    /** A session holding `poolId`'s liveness lock, as a live pool's does (no application name). */
    const holdLockOf = async (poolId: string) => {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      await client.query(`SELECT pg_advisory_lock(hashtextextended('wa-agenda-worker-pool:' || $1, 0))`, [poolId]);
      return client;
    };

    it('when a pool holds its liveness lock, then its jobs are kept however long ago it locked them; once the lock is gone they are freed', async () => {
      await lockedJob('sweep-held', 'pool-held');
      await lockedJob('sweep-dead', 'pool-dead');
      const session = await holdLockOf('pool-held');
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      const released: string[][] = [];
      const recovery = startDeadWorkerRecovery({
        pool,
        logger: silentLogger,
        ownPoolIds: () => [],
        confirmMs: 300,
        intervalMs: 100,
        onReleased: (ids) => released.push(ids),
      });
      try {
        await waitFor(async () => (await lockOf('sweep-dead')) === null, { what: 'the dead pool job released' });
        // Many sweeps and confirmation periods later, the live pool still has its job (it has no liveness connection name either).
        await sleep(1200);
        expect(await lockOf('sweep-held')).toBe('pool-held');
        expect(released).toEqual([['pool-dead']]);

        await session.end();
        await waitFor(async () => (await lockOf('sweep-held')) === null, { what: 'the job of the pool that went away released' });
        const queue = await database.db.$queryRaw<{ locked_by: string | null }[]>`
          SELECT locked_by FROM graphile_worker._private_job_queues WHERE queue_name = 'sweep:sweep-held'`;
        expect(queue[0]?.locked_by).toBeNull();
      } finally {
        await recovery.stop();
        await pool.end();
      }
    });

    it("when this process's own pool has no lock at the moment (its session is reopening), then its jobs are not released", async () => {
      await lockedJob('sweep-own', 'pool-own');
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      const recovery = startDeadWorkerRecovery({
        pool,
        logger: silentLogger,
        ownPoolIds: () => ['pool-own'],
        confirmMs: 100,
        intervalMs: 50,
      });
      try {
        await sleep(800);
        expect(await lockOf('sweep-own')).toBe('pool-own');
      } finally {
        await recovery.stop();
        await pool.end();
      }
    });
  });

  describe('the fence', () => {
    const lockedJobRow = async (key: string, poolId: string) => {
      await database.db
        .$executeRaw`SELECT graphile_worker.add_job('send-message', '{"messageId": 1}'::json, queue_name => ${`fence:${key}`}, job_key => ${key})`;
      return (
        await database.db.$queryRaw<{ id: string; locked_by: string; locked_at: Date }[]>`
          UPDATE graphile_worker._private_jobs SET locked_by = ${poolId}, locked_at = now(), attempts = 1 WHERE key = ${key}
          RETURNING id::text, locked_by, locked_at`
      )[0] as { id: string; locked_by: string; locked_at: Date };
    };

    it('when the job was released and taken by another worker, then the first worker cannot commit its effects, and cannot complete the other run', async () => {
      const job = await lockedJobRow('fenced-out', 'pool-first');
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      try {
        const attempt = createJobAttempt(job, { pool, signal: new AbortController().signal });
        expect(await attempt.isHeld()).toBe(true);
        // Recovery freed it; another pool took it.
        await database.db.$executeRaw`SELECT graphile_worker.force_unlock_workers(ARRAY['pool-first'])`;
        await database.db
          .$executeRaw`UPDATE graphile_worker._private_jobs SET locked_by = 'pool-second', locked_at = now() WHERE id = ${job.id}::bigint`;

        await expect(
          inTransaction(database.db, async (tx) => {
            await attempt.fence.completeWithin(tx);
            await tx.$executeRaw`SELECT graphile_worker.add_job('send-message', '{}'::json, job_key => 'never-committed')`;
          }),
        ).rejects.toMatchObject({ code: 'job_fenced' });
        expect(await database.db.$queryRaw`SELECT 1 FROM graphile_worker._private_jobs WHERE key = 'never-committed'`).toEqual([]);
        await expect(attempt.complete()).rejects.toMatchObject({ code: 'job_fenced' });
        // The second worker's run of the job is untouched.
        const rows = await database.db.$queryRaw<
          { locked_by: string }[]
        >`SELECT locked_by FROM graphile_worker._private_jobs WHERE id = ${job.id}::bigint`;
        expect(rows).toEqual([{ locked_by: 'pool-second' }]);
      } finally {
        await pool.end();
      }
    });

    it("when the job is still this worker's, then the commit completes it and frees its queue in the same transaction", async () => {
      const job = await lockedJobRow('fenced-in', 'pool-first');
      await database.db
        .$executeRaw`UPDATE graphile_worker._private_job_queues SET locked_by = 'pool-first', locked_at = now() WHERE queue_name = 'fence:fenced-in'`;
      const pool = new pg.Pool({ connectionString: database.url, max: 2 });
      try {
        const attempt = createJobAttempt(job, { pool, signal: new AbortController().signal });
        await inTransaction(database.db, (tx) => attempt.fence.completeWithin(tx));
        expect(attempt.completedWithin).toBe(true);
        await attempt.complete();
        expect(await database.db.$queryRaw`SELECT 1 FROM graphile_worker._private_jobs WHERE id = ${job.id}::bigint`).toEqual([]);
        const queue = await database.db.$queryRaw<{ locked_by: string | null }[]>`
          SELECT locked_by FROM graphile_worker._private_job_queues WHERE queue_name = 'fence:fenced-in'`;
        expect(queue[0]?.locked_by).toBeNull();
      } finally {
        await pool.end();
      }
    });
  });
});
