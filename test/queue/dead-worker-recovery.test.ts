import { EventEmitter } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WorkerEvents } from 'graphile-worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDeadWorkerRecovery } from '../../src/queue/dead-worker-recovery.js';
import { silentLogger } from '../../src/shared/index.js';
import { waitFor } from '../conversation/channel-harness.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('dead worker recovery', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  /** A job on its own conversation queue, locked a minute ago by `poolId` (as a running job is). */
  const lockedJob = async (key: string, poolId: string) => {
    await database.db.$executeRaw`
      SELECT graphile_worker.add_job('send-message', '{"messageId": 1}'::json, queue_name => ${`conversation:${key}`}, job_key => ${key})`;
    await database.db.$executeRaw`
      UPDATE graphile_worker._private_jobs SET locked_by = ${poolId}, locked_at = now() - interval '1 minute' WHERE key = ${key}`;
  };
  const lockOf = async (key: string) =>
    (await database.db.$queryRaw<{ locked_by: string | null }[]>`SELECT locked_by FROM graphile_worker._private_jobs WHERE key = ${key}`)[0]
      ?.locked_by;

  it("when this process's liveness connection drops while its job runs, then its own job is not released to another worker", async () => {
    await lockedJob('job-of-live-pool', 'pool-alive');
    await lockedJob('job-of-dead-pool', 'pool-dead');
    const events = new EventEmitter() as unknown as WorkerEvents;
    const recovery = startDeadWorkerRecovery({
      connectionString: database.url,
      logger: silentLogger,
      events,
      graceMs: 100,
      intervalMs: 100,
    });
    afterAll(() => recovery.stop());
    events.emit('job:start', { worker: {}, job: { locked_by: 'pool-alive' } } as never);
    const livenessPid = async () =>
      (
        await database.db.$queryRaw<{ pid: number }[]>`
          SELECT pid FROM pg_stat_activity WHERE application_name = 'wa-agenda-worker:pool-alive'`
      )[0]?.pid;
    await waitFor(livenessPid, { what: 'liveness connection' });
    // sweeps are running: a pool with no liveness connection loses its locks
    await waitFor(async () => (await lockOf('job-of-dead-pool')) === null, { what: 'the dead pool job released' });

    // the connection drops (network blip, database restart): it is reopened only after a second
    await database.db
      .$queryRaw`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'wa-agenda-worker:pool-alive'`;
    await waitFor(async () => (await livenessPid()) === undefined, { what: 'liveness connection gone' });
    await lockedJob('job-of-dead-pool-2', 'pool-dead-2');
    await waitFor(async () => (await lockOf('job-of-dead-pool-2')) === null, { what: 'a sweep while the connection is down' });
    await sleep(200);
    expect(await lockOf('job-of-live-pool')).toBe('pool-alive');
  });
});
