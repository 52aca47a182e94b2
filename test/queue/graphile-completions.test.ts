import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, startWorker, type WorkerHandle } from '../../src/queue/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { waitFor } from '../conversation/channel-harness.js';
import { type CountingDatabase, countingDatabase } from '../support/statement-counter.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

/** graphile-worker's own delete of the jobs it ran (its completeJobs statement). */
const isGraphileCompletion = (text: string) =>
  /^\s*(with j as \(\s*)?delete from "graphile_worker"\._private_jobs as jobs|^\s*prepare gwcj/i.test(text);

describe("graphile-worker's completion of jobs the fence completed already", () => {
  let database: TestDatabase;
  let counted: CountingDatabase;
  let worker: WorkerHandle;
  let done = 0;
  beforeAll(async () => {
    database = await testDatabase();
    // every statement the worker sends through its pool
    counted = countingDatabase(database.url, { max: 12 });
    counted.pool.on('error', () => undefined);
    worker = await startWorker({
      connectionString: database.url,
      concurrency: 8,
      logger: silentLogger,
      pgPool: counted.pool,
      tasks: {
        test_quick: async () => {
          done++;
        },
      },
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await counted?.end();
  });

  it('when eight jobs finish at about the same time, then they are completed by the fence and graphile deletes them in one batched statement', async () => {
    for (let index = 0; index < 8; index++) await enqueueJob(database.db, { task: 'test_quick', payload: { index }, maxAttempts: 1 });
    await waitFor(async () => (done === 8 ? true : undefined), { what: 'the eight jobs ran' });
    await waitFor(
      async () => {
        const rows = await database.db.$queryRawUnsafe<{ n: number }[]>('SELECT count(*)::int AS n FROM graphile_worker._private_jobs');
        return rows[0]?.n === 0 ? true : undefined;
      },
      { what: 'no job left' },
    );
    // the batch window passes, and graphile's batch is sent
    await new Promise((resolve) => setTimeout(resolve, 600));
    const completions = counted.count().statements.filter(isGraphileCompletion);
    expect(completions.length).toBeGreaterThanOrEqual(1);
    // one statement per job without the batch window (graphile's default), here at most two
    expect(completions.length).toBeLessThanOrEqual(2);
  });
});
