import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databasePoolSize, type RunningService, startService } from '../../src/boot/start-service.js';
import { inTransaction } from '../../src/db/index.js';
import { createLogger } from '../../src/shared/index.js';
import { testConfig } from '../conversation/channel-harness.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// more slots than a worker gives job connections (16): some of its transactions must wait for one
const SLOTS = 20;

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

  it('is sized 10 in a web process and 10 + one per job slot up to 16 + 2 in a worker', () => {
    expect(databasePoolSize({ ROLE: 'web', WORKER_CONCURRENCY: 48 })).toBe(10);
    expect(databasePoolSize({ ROLE: 'worker', WORKER_CONCURRENCY: 48 })).toBe(28);
    expect(databasePoolSize({ ROLE: 'worker', WORKER_CONCURRENCY: 16 })).toBe(28);
    expect(databasePoolSize({ ROLE: 'all', WORKER_CONCURRENCY: 4 })).toBe(16);
  });

  it('when more transactions than the pool has connections each take longer than Prisma waits by default, then none fails to start', async () => {
    // Prisma gives up starting a transaction after maxWait (its default 2 s) without a free
    // connection (P2028, "Unable to start a transaction in the given time"): what turns did with a
    // fixed pool of 10 under a soak with 48 slots. A worker's pool has fewer connections than slots
    // past 16, so a transaction must wait for a connection rather than fail.
    const size = databasePoolSize({ ROLE: 'all', WORKER_CONCURRENCY: SLOTS });
    const results = await Promise.allSettled(
      Array.from({ length: size + 8 }, () =>
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
