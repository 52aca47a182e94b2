import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { enqueueJob, startWorker, TASKS, type WorkerHandle } from '../../src/queue/index.js';
import { silentLogger } from '../../src/shared/index.js';
import {
  type Channel,
  FakeResponder,
  findConversation,
  outboundMessages,
  sendTextWebhook,
  startChannel,
  waitFor,
} from '../conversation/channel-harness.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

/** Far longer than any wait below: a job that waited for a poll would not run during the test at all. */
const POLL_INTERVAL_MS = 600_000;

describe('jobs start when they become runnable, not at the next poll', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  const stops: (() => Promise<unknown>)[] = [];
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });
  afterAll(async () => {
    for (const stop of stops.reverse()) await stop();
  });
  beforeEach(() => {
    new GraphApiFake().install();
  });
  const dbNow = async () => (await database.db.$queryRaw<{ now: Date }[]>`SELECT clock_timestamp() AS now`)[0]?.now.getTime() ?? 0;

  it('when the debounce window of a message ends, then its turn starts right then', async () => {
    const responder = new FakeResponder();
    const channel: Channel = await startChannel({ database, responder, config: { DEBOUNCE_MS: '400' }, pollInterval: POLL_INTERVAL_MS });
    onTestFinished(() => channel.stop());
    const from = newWaId();
    await sendTextWebhook(channel.app, tenant.phoneNumberId, from, 'oi, tem horário hoje?');
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from));
    await waitFor(async () => (await database.db.agentRun.count({ where: { conversationId: conversation.id } })) > 0, {
      what: 'the turn started',
    });
    const [stored] = await database.db.message.findMany({ where: { conversationId: conversation.id, direction: 'inbound' } });
    const [run] = await database.db.agentRun.findMany({ where: { conversationId: conversation.id } });
    const sinceDeadline = (run?.startedAt.getTime() ?? 0) - ((stored?.createdAt.getTime() ?? 0) + 400);
    // Not before the window ended, and long before any poll.
    expect(sinceDeadline).toBeGreaterThanOrEqual(0);
    expect(sinceDeadline).toBeLessThan(POLL_INTERVAL_MS / 100);
  });

  it("when a turn commits its reply, then the reply is sent while the turn's job is still finishing", async () => {
    let tailDone = false;
    const channel: Channel = await startChannel({
      database,
      responder: new FakeResponder(),
      concurrency: 2,
      pollInterval: POLL_INTERVAL_MS,
      // Work after the commit (tracing, say): the conversation's queue must not wait for it.
      tasks: (tasks) => {
        const turn = tasks[TASKS.processConversation];
        return {
          ...tasks,
          [TASKS.processConversation]: async (payload, helpers, fence) => {
            await turn?.(payload, helpers, fence);
            await sleep(8000);
            tailDone = true;
          },
        };
      },
    });
    // The only worker: the turn's job can only run with its slow end.
    onTestFinished(() => channel.stop());
    const from = newWaId();
    await sendTextWebhook(channel.app, tenant.phoneNumberId, from, 'quero marcar um corte');
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from));
    await waitFor(async () => (await outboundMessages(database.db, conversation.id)).some((row) => row.status === 'sent'), {
      what: 'the reply sent',
      timeoutMs: 7000,
    });
    expect(tailDone).toBe(false);
  });

  describe('a worker of its own', () => {
    let worker: WorkerHandle;
    const ran: { task: string; at: number }[] = [];
    let failuresLeft = 1;
    beforeAll(async () => {
      worker = await startWorker({
        connectionString: database.url,
        concurrency: 2,
        logger: silentLogger,
        pollInterval: POLL_INTERVAL_MS,
        tasks: {
          later: async () => {
            ran.push({ task: 'later', at: await dbNow() });
          },
          flaky: async () => {
            ran.push({ task: 'flaky', at: await dbNow() });
            if (failuresLeft-- > 0) throw new Error('the first attempt fails');
          },
        },
      });
      stops.push(() => worker.stop());
    });

    it('when a job is enqueued to run later, then it runs at that time', async () => {
      const runAt = new Date((await dbNow()) + 500);
      await enqueueJob(database.db, { task: 'later', payload: {}, runAt });
      await waitFor(() => ran.some((entry) => entry.task === 'later'), { what: 'the job ran', timeoutMs: 10_000 });
      const at = ran.find((entry) => entry.task === 'later')?.at ?? 0;
      expect(at).toBeGreaterThanOrEqual(runAt.getTime());
      expect(at - runAt.getTime()).toBeLessThan(POLL_INTERVAL_MS / 100);
    });

    it('when a job fails, then its retry runs when the backoff ends', async () => {
      await database.db.$executeRaw`SELECT graphile_worker.add_job('flaky', '{}'::json, max_attempts => 3)`;
      // graphile-worker's backoff after a first failure: e¹ ≈ 2.7 s.
      await waitFor(() => ran.filter((entry) => entry.task === 'flaky').length >= 2, { what: 'the retry ran', timeoutMs: 15_000 });
      const [first, second] = ran.filter((entry) => entry.task === 'flaky');
      expect((second?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(2500);
    });
  });
});
