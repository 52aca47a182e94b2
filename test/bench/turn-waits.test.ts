import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isQueueIdle } from '../conversation/channel-harness.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// A booking queues its reminders hours ahead (send-reminder jobs): waits that counted every
// runnable job never ended once a conversation booked (conversation-bytes timed out at 30 s).
describe('waiting for the work of a turn, not for every queued job', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(async () => {
    await database.db.$executeRaw`DELETE FROM graphile_worker._private_jobs`;
  });

  const addJob = (runAt: string, key: string) =>
    database.db
      .$queryRaw`SELECT id FROM graphile_worker.add_job('send-reminder', '{}'::json, run_at := ${runAt}::timestamptz, job_key := ${key})`;

  it('when the only jobs left are reminders hours ahead, then the queue counts as idle', async () => {
    await addJob(new Date(Date.now() + 3 * 3_600_000).toISOString(), 'reminder:1:120');
    expect(await isQueueIdle(database.db)).toBe(true);
  });

  it('when a job is due now or within the debounce, then the queue is not idle', async () => {
    await addJob(new Date(Date.now() + 5_000).toISOString(), 'debounced-turn');
    expect(await isQueueIdle(database.db)).toBe(false);
  });
});
