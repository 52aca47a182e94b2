import { type Runner, run, type TaskList } from 'graphile-worker';
import type { Logger } from '../shared/index.js';
import { toGraphileLogger } from './graphile-logger.js';

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
}): Promise<WorkerHandle> {
  const runner = await run({
    connectionString: options.connectionString,
    concurrency: options.concurrency,
    taskList: options.tasks,
    logger: toGraphileLogger(options.logger),
    noHandleSignals: true,
    pollInterval: options.pollInterval ?? 1000,
    // Migrations run once at boot (runQueueMigrations), not per runner.
    noPreparedStatements: false,
  });
  return {
    runner,
    stop: async () => {
      await runner.stop();
    },
  };
}
