import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasePoolSize, type RunningService, startService } from '../../src/boot/start-service.js';
import { inTransaction } from '../../src/db/index.js';
import { createLogger } from '../../src/shared/index.js';
import { testConfig } from '../conversation/channel-harness.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const SLOTS = 14;

describe("a process's one database pool", () => {
  let database: TestDatabase;
  let service: RunningService;
  beforeAll(async () => {
    database = await testDatabase();
    service = await startService(
      testConfig({ ROLE: 'all', DATABASE_URL: database.url, PORT: '0', WORKER_CONCURRENCY: String(SLOTS) }),
      createLogger('silent'),
    );
  });
  afterAll(async () => {
    await service?.stop();
  });

  it('is sized 10 in a web process and 10 + one per job slot + 2 in a worker', () => {
    expect(databasePoolSize({ ROLE: 'web', WORKER_CONCURRENCY: 48 })).toBe(10);
    expect(databasePoolSize({ ROLE: 'worker', WORKER_CONCURRENCY: 48 })).toBe(60);
    expect(databasePoolSize({ ROLE: 'all', WORKER_CONCURRENCY: 4 })).toBe(16);
  });

  it('when every job slot holds a transaction longer than Prisma waits for a connection, then none fails to start', async () => {
    // Prisma gives up starting a transaction after maxWait (2 s) without a free connection (P2028,
    // "Unable to start a transaction in the given time"): what turns did with a fixed pool of 10
    // under a soak with 48 slots. Every slot's turn must find a connection.
    const results = await Promise.allSettled(
      Array.from({ length: SLOTS }, () =>
        inTransaction(service.deps.db, async (tx) => tx.$executeRaw`SELECT pg_sleep(2.5)`, { timeout: 10_000 }),
      ),
    );
    expect(
      results.filter((result) => result.status === 'rejected').map((result) => String((result as PromiseRejectedResult).reason)),
    ).toEqual([]);
  }, 30_000);

  it('is shared by Prisma and the queue and named after the process in pg_stat_activity', async () => {
    const sessions = await database.db.$queryRaw<{ name: string }[]>`
      SELECT application_name AS name FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE ${`wa-agenda all ${process.pid} %`}`;
    const names = new Set(sessions.map((session) => session.name));
    expect(names).toContain(`wa-agenda all ${process.pid} db`);
    // No second pool of the worker's own: the queue runs on the same one.
    expect([...names].filter((name) => name.endsWith(' queue'))).toEqual([]);
    expect(sessions.length).toBeLessThanOrEqual(databasePoolSize({ ROLE: 'all', WORKER_CONCURRENCY: SLOTS }));
  });
});
