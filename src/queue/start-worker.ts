import { type Runner, run, type TaskList } from 'graphile-worker';
import pg from 'pg';
import type { Logger } from '../shared/index.js';
import { startDeadWorkerRecovery } from './dead-worker-recovery.js';
import { toGraphileLogger } from './graphile-logger.js';
import { watchQueueLag } from './watch-queue-lag.js';

export interface WorkerHandle {
  /** Stops taking jobs and waits for the ones in flight. */
  stop(): Promise<void>;
  runner: Runner;
}

/**
 * Starts a graphile-worker runner in this process. Signals are left to main.ts, which
 * shuts HTTP, the worker and the database down in order.
 */
export async function startWorker(options: {
  connectionString: string;
  concurrency: number;
  tasks: TaskList;
  logger: Logger;
  pollInterval?: number;
  /** recurring jobs (graphile-worker crontab lines), e.g. MAINTENANCE_CRONTAB */
  crontab?: string;
  /** a warning is logged while the oldest due job has waited longer than this (ms) */
  queueLagWarnMs?: number;
  /** Jobs locked this long by a worker process that is gone are released (see dead-worker-recovery.ts). */
  deadWorkerGraceMs?: number;
}): Promise<WorkerHandle> {
  // Our own pool: graphile-worker ends a pool it created without awaiting it (and drops its
  // error listener first), so stopping PostgreSQL right after runner.stop() could crash the
  // process on an idle client's "terminating connection" error. This one is ended and awaited.
  const pgPool = new pg.Pool({ connectionString: options.connectionString, max: Math.max(10, options.concurrency + 2) });
  // Both listeners, as graphile-worker asks of a pool it is given: a dropped connection is logged, never fatal.
  pgPool.on('error', (error) => options.logger.warn({ component: 'queue', err: error }, 'idle queue connection failed'));
  const openClients = new Set<pg.PoolClient>();
  pgPool.on('connect', (client) => {
    openClients.add(client);
    client.once('end', () => openClients.delete(client));
    client.on('error', (error) => options.logger.warn({ component: 'queue', err: error }, 'queue connection failed'));
  });
  let runner: Runner;
  try {
    runner = await run({
      pgPool,
      concurrency: options.concurrency,
      taskList: options.tasks,
      logger: toGraphileLogger(options.logger),
      noHandleSignals: true,
      pollInterval: options.pollInterval ?? 1000,
      ...(options.crontab ? { crontab: options.crontab } : {}),
      // Migrations run once at boot (runQueueMigrations), not per runner.
      noPreparedStatements: false,
    });
  } catch (error) {
    await pgPool.end();
    throw error;
  }
  const recovery = startDeadWorkerRecovery({
    connectionString: options.connectionString,
    logger: options.logger,
    events: runner.events,
    graceMs: options.deadWorkerGraceMs ?? 5000,
  });
  const lagWatch = watchQueueLag({ pool: pgPool, logger: options.logger, warnAfterMs: options.queueLagWarnMs ?? 5000 });
  return {
    runner,
    stop: async () => {
      lagWatch.stop();
      await runner.stop();
      await recovery.stop();
      await pgPool.end();
      // pool.end() resolves before its sockets close; wait for them so the database can stop cleanly after us.
      await waitForClose([...openClients], 2000);
    },
  };
}

function waitForClose(clients: pg.PoolClient[], timeoutMs: number): Promise<void> {
  const closed = Promise.all(clients.map((client) => new Promise<void>((resolve) => client.once('end', () => resolve()))));
  return Promise.race([closed.then(() => undefined), new Promise<void>((resolve) => setTimeout(resolve, timeoutMs).unref())]);
}
