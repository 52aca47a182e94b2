import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, startWorker, type WorkerHandle } from '../../src/queue/index.js';
import { AppError, silentLogger } from '../../src/shared/index.js';
import { waitFor } from '../conversation/channel-harness.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// What a failing handler's exception may say: a customer's number and words.
const CUSTOMER_TEXT = 'cliente +55 11 99999-8888 (Maria Souza) escreveu "quero cancelar amanhã"';

describe("graphile-worker's last_error keeps codes, not customer data", () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let worker: WorkerHandle;
  beforeAll(async () => {
    database = await testDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 4 });
    worker = await startWorker({
      connectionString: database.url,
      concurrency: 2,
      logger: silentLogger,
      pollInterval: 50,
      tasks: {
        test_plain_failure: async () => {
          throw new Error(CUSTOMER_TEXT);
        },
        test_coded_failure: async () => {
          throw new AppError('outside_customer_window', CUSTOMER_TEXT, 409);
        },
      },
    });
  });
  afterAll(async () => {
    await worker?.stop();
    await pool?.end();
  });

  it('when a job handler throws with customer data in its message, then jobs.last_error holds only the kind and code', async () => {
    for (const task of ['test_plain_failure', 'test_coded_failure']) await enqueueJob(database.db, { task, payload: {}, maxAttempts: 1 });
    const errors = await waitFor(
      async () => {
        const { rows } = await pool.query<{ task: string; last_error: string | null }>(
          `SELECT t.identifier AS task, j.last_error FROM graphile_worker._private_jobs j
           JOIN graphile_worker._private_tasks t ON t.id = j.task_id WHERE j.last_error IS NOT NULL ORDER BY t.identifier`,
        );
        return rows.length === 2 ? rows : undefined;
      },
      { what: 'both jobs failed once' },
    );
    expect(errors).toEqual([
      { task: 'test_coded_failure', last_error: 'AppError: outside_customer_window' },
      { task: 'test_plain_failure', last_error: 'Error' },
    ]);
    for (const { last_error } of errors) {
      expect(last_error).not.toMatch(/9999|Maria|cancelar/);
    }
  });
});
