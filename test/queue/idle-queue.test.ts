import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enqueueJob, hasEmptyJobQueues, startEmptyJobQueueCollection, startWorker, type WorkerHandle } from '../../src/queue/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { waitFor } from '../conversation/channel-harness.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

/** graphile-worker's job lookup: the one statement of the queue that locks with SKIP LOCKED. */
const isJobLookup = (text: string) => /skip locked/i.test(text) && /locked_by/.test(text);

interface CountedWorker {
  database: TestDatabase;
  pool: pg.Pool;
  worker: WorkerHandle;
  statements: { at: number; text: string }[];
  ran: { task: string; at: number }[];
}

/** A worker whose pool's statements are counted (every query of graphile-worker, the recovery sweeps and the lag watch go through it). */
async function startCountedWorker(options: { queueCheckMs?: number } = {}): Promise<CountedWorker> {
  const database = await testDatabase();
  const pool = new pg.Pool({ connectionString: database.url, max: 12 });
  const statements: CountedWorker['statements'] = [];
  const ran: CountedWorker['ran'] = [];
  pool.on('connect', (client) => {
    const query = client.query.bind(client) as unknown as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const first = args[0] as string | { text?: string };
      statements.push({ at: Date.now(), text: typeof first === 'string' ? first : (first?.text ?? '') });
      return query(...args);
    };
  });
  const worker = await startWorker({
    connectionString: database.url,
    pgPool: pool,
    concurrency: 8,
    logger: silentLogger,
    ...options,
    tasks: {
      idle_test_now: async () => {
        ran.push({ task: 'now', at: Date.now() });
      },
      idle_test_later: async () => {
        ran.push({ task: 'later', at: Date.now() });
      },
    },
  });
  return { database, pool, worker, statements, ran };
}

/**
 * A worker whose safety check (the lag watch) is ten minutes away: a job added now can only run
 * at once through its NOTIFY, so the bound below is loose (a loaded CI machine took 1.1 s) and
 * still fails without it.
 */
describe('a worker with no safety check due', () => {
  let counted: CountedWorker;
  beforeAll(async () => {
    counted = await startCountedWorker({ queueCheckMs: 600_000 });
  });
  afterAll(async () => {
    await counted?.worker.stop();
    await counted?.pool.end();
  });

  it('when a job is added, then a lookup runs at once (its NOTIFY) and the job runs', async () => {
    await sleep(500);
    const addedAt = Date.now();
    await enqueueJob(counted.database.db, { task: 'idle_test_now', payload: {} });
    const now = await waitFor(() => counted.ran.find((entry) => entry.task === 'now'), {
      what: 'the job added now ran',
      timeoutMs: 10_000,
    });
    expect(now.at - addedAt).toBeLessThan(5000);
  }, 20_000);
});

/** An idle worker with its default poll and safety check. */
describe('an idle worker', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let worker: WorkerHandle;
  let statements: CountedWorker['statements'];
  let ran: CountedWorker['ran'];
  beforeAll(async () => {
    ({ database, pool, worker, statements, ran } = await startCountedWorker());
  });
  afterAll(async () => {
    await worker?.stop();
    await pool?.end();
  });

  it('when nothing is due, then it looks for no job at all, and writes nothing', async () => {
    // The start-up lookups (one per slot) are over.
    await sleep(1500);
    // Every row graphile-worker's tables gain, change or lose from here on is counted by a trigger,
    // at once: the statistics views lag (a backend's table counters reach them up to ten seconds
    // after its transaction, so a start-up write once landed inside the window).
    await pool.query(`
      CREATE TABLE public.idle_test_writes (at timestamptz NOT NULL DEFAULT now(), relation text NOT NULL, operation text NOT NULL);
      CREATE FUNCTION public.idle_test_count_write() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO public.idle_test_writes (relation, operation) VALUES (TG_TABLE_NAME, TG_OP);
        RETURN NULL;
      END $$;
      DO $$
      DECLARE relation regclass;
      BEGIN
        FOR relation IN SELECT c.oid::regclass FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                         WHERE n.nspname = 'graphile_worker' AND c.relkind = 'r' LOOP
          EXECUTE format('CREATE TRIGGER idle_test_count_write AFTER INSERT OR UPDATE OR DELETE ON %s FOR EACH ROW EXECUTE FUNCTION public.idle_test_count_write()', relation);
        END LOOP;
      END $$;`);
    const rowsWritten = async () => {
      const { rows } = await pool.query<{ relation: string; operation: string }>(
        `SELECT relation, operation FROM public.idle_test_writes ORDER BY at`,
      );
      return rows;
    };
    const from = Date.now();
    await sleep(7000);
    const window = statements.filter((statement) => statement.at >= from);
    expect(window.filter((statement) => isJobLookup(statement.text))).toEqual([]);
    // What an idle worker still asks its pool: dead-worker sweeps and the lag watch, a few a second.
    expect(window.length / 7).toBeLessThan(4);
    const written = await rowsWritten();
    await pool.query(`DO $$
      DECLARE relation regclass;
      BEGIN
        FOR relation IN SELECT tgrelid::regclass FROM pg_trigger WHERE tgname = 'idle_test_count_write' LOOP
          EXECUTE format('DROP TRIGGER idle_test_count_write ON %s', relation);
        END LOOP;
      END $$;`);
    expect(written).toEqual([]);
  }, 20_000);

  it('when a job due later is added that nobody announced, then it still runs within the safety check', async () => {
    // As a reminder is added: due later, with graphile-worker's own add_job and no due-time notice.
    await database.db.$executeRaw`SELECT graphile_worker.add_job('idle_test_later', '{}'::json, run_at => now() + interval '1 second')`;
    const dueAt = Date.now() + 1000;
    const later = await waitFor(() => ran.find((entry) => entry.task === 'later'), { what: 'the job due later ran', timeoutMs: 12_000 });
    expect(later.at).toBeGreaterThanOrEqual(dueAt - 50);
    expect(later.at - dueAt).toBeLessThan(6000);
  }, 20_000);

  it('when a conversation has nothing left to run, then the minute timer deletes its queue row; with none, it only reads', async () => {
    expect(await hasEmptyJobQueues(database.db)).toBe(false);
    await enqueueJob(database.db, { task: 'idle_test_now', payload: {}, queueName: 'conversation:idle-test' });
    await waitFor(() => ran.filter((entry) => entry.task === 'now').length === 1, { what: 'the queued job ran' });
    // The task's body returning is not the job's completion: graphile-worker deletes the job row
    // just after, and only then is its queue row empty (a loaded CI run read it in between).
    await waitFor(() => hasEmptyJobQueues(database.db), { what: 'the job completed, its queue row left empty' });
    const collection = startEmptyJobQueueCollection({ db: database.db, logger: silentLogger, lockTimeoutMs: 200, intervalMs: 100 });
    try {
      await waitFor(async () => !(await hasEmptyJobQueues(database.db)), { what: 'the empty queue row deleted' });
      const { rows } = await pool.query(`SELECT 1 FROM graphile_worker._private_job_queues WHERE queue_name = 'conversation:idle-test'`);
      expect(rows).toEqual([]);
    } finally {
      await collection.stop();
    }
  }, 20_000);
});
