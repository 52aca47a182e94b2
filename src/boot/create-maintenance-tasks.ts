import type { Db } from '../db/index.js';
import { eraseExpiredData } from '../privacy/index.js';
import { type QueueTaskList, TASKS } from '../queue/index.js';
import type { Clock, Logger } from '../shared/index.js';

/**
 * When the queue's cron runs the maintenance jobs (graphile-worker crontab syntax, UTC):
 * the retention job once a day at 06:00 UTC (03:00 in São Paulo), off peak. `?max=1` because
 * a missed day is simply caught up by the next run (the job erases everything past the cutoff).
 */
export const MAINTENANCE_CRONTAB = `0 6 * * * ${TASKS.eraseExpiredData} ?max=1`;

/** The maintenance job handlers (thin: they call the component). */
export function createMaintenanceTasks(deps: { db: Db; logger: Logger; clock: Clock }): QueueTaskList {
  return {
    [TASKS.eraseExpiredData]: async () => {
      await eraseExpiredData(deps.db, { now: deps.clock.now(), logger: deps.logger });
    },
  };
}
