import { parseCrontab } from 'graphile-worker';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMaintenanceTasks, MAINTENANCE_CRONTAB } from '../../src/boot/create-maintenance-tasks.js';
import { inTransaction } from '../../src/db/index.js';
import { enqueueJob, TASKS } from '../../src/queue/index.js';
import { readQueueLag, watchQueueLag } from '../../src/queue/watch-queue-lag.js';
import { createLogger, systemClock } from '../../src/shared/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

describe('queue maintenance and lag', () => {
  let database: TestDatabase;
  let pool: pg.Pool;

  beforeAll(async () => {
    database = await testDatabase();
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
  });
  afterAll(() => pool.end());

  it('the cron schedules the daily retention job and the waitlist expiry every 15 minutes (the empty-queue cleanup is a timer that writes nothing when idle), and the worker has a handler for each', () => {
    const items = parseCrontab(MAINTENANCE_CRONTAB);
    expect(items.map((item) => item.task)).toEqual([TASKS.eraseExpiredData, TASKS.expireWaitlistEntries]);
    expect(items[0]?.match).toBeDefined();
    expect(MAINTENANCE_CRONTAB.split('\n')[1]).toMatch(/^\*\/15 \* \* \* \* /);
    expect(
      Object.keys(
        createMaintenanceTasks({ db: database.db, logger: createLogger('silent'), clock: systemClock, historyWindow: 40 }),
      ).sort(),
    ).toEqual([TASKS.collectJobQueues, TASKS.eraseExpiredData, TASKS.expireWaitlistEntries].sort());
  });

  it('reads how late the oldest due job is, and warns while it is past the threshold', async () => {
    expect(await readQueueLag(pool)).toEqual({ waiting: 0, runnable: 0, lagMs: 0 });
    await inTransaction(database.db, (tx) =>
      enqueueJob(tx, { task: TASKS.sendMessage, payload: { messageId: 1 }, runAt: new Date(Date.now() - 60_000) }),
    );
    const lag = await readQueueLag(pool);
    expect(lag.waiting).toBe(1);
    expect(lag.runnable).toBe(1);
    expect(lag.lagMs).toBeGreaterThanOrEqual(59_000);

    const lines: { level: number; msg: string; waiting?: number }[] = [];
    const logger = createLogger('info', undefined, { write: (line: string) => lines.push(JSON.parse(line)) });
    const watch = watchQueueLag({ pool, logger, warnAfterMs: 5000, intervalMs: 20 });
    await expect.poll(() => lines.filter((line) => line.msg.startsWith('queue lagging')).length, { timeout: 5000 }).toBeGreaterThan(0);
    watch.stop();
    expect(lines.find((line) => line.msg.startsWith('queue lagging'))).toMatchObject({ level: 40, waiting: 1 });
  });
});
