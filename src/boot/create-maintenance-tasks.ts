import { compactAgentHistory } from '../agent/index.js';
import { deleteEndedStaffSessions, deleteOldAttemptCounters, deleteOldSignInAttempts } from '../auth/index.js';
import { createMonthlyPartitionsAhead, type Db, MONTHLY_PARTITIONED_TABLES } from '../db/index.js';
import { deleteExpiredParkedStatuses, PARKED_STATUSES_KEPT_DAYS } from '../outbox/index.js';
import { eraseExpiredData } from '../privacy/index.js';
import { deleteEmptyJobQueues, deleteQueueLeftovers, type QueueTaskList, startEmptyJobQueueCollection, TASKS } from '../queue/index.js';
import type { Clock, Logger } from '../shared/index.js';
import { expireWaitlistEntries } from '../waitlist-offers/index.js';

/**
 * When the queue's cron runs the maintenance jobs (graphile-worker crontab syntax, UTC):
 * the retention job once a day at 06:00 UTC (03:00 in São Paulo), off peak. `?max=1` because
 * a missed day is simply caught up by the next run (the job erases everything past the cutoff).
 * The every-minute cleanup of empty named queues is no cron line (startMaintenanceTimers); the
 * waitlist expiry runs every 15 minutes (an entry ends with its local day).
 */
export const MAINTENANCE_CRONTAB = [
  `0 6 * * * ${TASKS.eraseExpiredData} ?max=1`,
  // Every 15 minutes: waitlist entries whose day ended (expireWaitlistEntries).
  `*/15 * * * * ${TASKS.expireWaitlistEntries} ?max=1`,
].join('\n');

/** How long a webhook's add_job may wait behind the every-minute queue cleanup before it gives way. */
const QUEUE_CLEANUP_LOCK_TIMEOUT_MS = 200;

const DAY_MS = 86_400_000;
/** History written this far back is looked at for compaction: a week of missed runs is caught up. */
const COMPACTION_LOOKBACK_DAYS = 7;
/** Permanently failed jobs are kept this long for a look, then deleted. */
const FAILED_JOBS_KEPT_DAYS = 7;
/** Staff sign-in attempts (typed emails, client addresses) are kept this long, then deleted. */
const SIGN_IN_ATTEMPTS_KEPT_DAYS = 7;
/** Staff sessions that ended (expired or signed out) are kept this long, then deleted. */
const ENDED_SESSIONS_KEPT_DAYS = 30;
/** Monthly partitions exist this many months ahead of the current one. */
const PARTITION_MONTHS_AHEAD = 3;

export interface MaintenanceDeps {
  db: Db;
  logger: Logger;
  clock: Clock;
  /** the agent's history window (AGENT_HISTORY_MAX_MESSAGES): older entries are never read again */
  historyWindow: number;
}

/**
 * The daily maintenance, in order: the coming months' partitions, retention (months past every
 * tenant's retention dropped, then each tenant's expired bodies and history), compaction of
 * model history beyond the window, the queue's leftovers, staff sign-in attempts past a
 * week, staff sessions ended over a month ago, and early status webhooks no send claimed within a week. Each step is idempotent, so a
 * retried job redoes nothing harmful.
 */
export async function runDailyMaintenance(deps: MaintenanceDeps): Promise<void> {
  const now = deps.clock.now();
  for (const table of MONTHLY_PARTITIONED_TABLES)
    await createMonthlyPartitionsAhead(deps.db, { table, now, monthsAhead: PARTITION_MONTHS_AHEAD, logger: deps.logger });
  await eraseExpiredData(deps.db, { now, logger: deps.logger });
  const compacted = await compactAgentHistory(deps.db, {
    window: deps.historyWindow,
    since: new Date(now.getTime() - COMPACTION_LOOKBACK_DAYS * DAY_MS),
  });
  const queue = await deleteQueueLeftovers(deps.db, { now, keepFailedDays: FAILED_JOBS_KEPT_DAYS });
  const signInAttempts = await deleteOldSignInAttempts(deps.db, { now, keepDays: SIGN_IN_ATTEMPTS_KEPT_DAYS });
  const staffSessions = await deleteEndedStaffSessions(deps.db, { now, keepDays: ENDED_SESSIONS_KEPT_DAYS });
  // The API key throttle reads only the current minute's counters.
  await deleteOldAttemptCounters(deps.db, new Date(now.getTime() - DAY_MS));
  // Early statuses no send ever claimed (a message sent by another tool on the same number).
  const parkedStatuses = await deleteExpiredParkedStatuses(deps.db, { now, keepDays: PARKED_STATUSES_KEPT_DAYS });
  deps.logger.info(
    {
      component: 'maintenance',
      historyEntriesCompacted: compacted,
      ...queue,
      signInAttemptsDeleted: signInAttempts,
      staffSessionsDeleted: staffSessions,
      parkedStatusesDeleted: parkedStatuses,
    },
    'daily maintenance done',
  );
}

/**
 * A worker process's maintenance timers: every minute, the named-queue rows of conversations
 * with nothing left to run (deleteEmptyJobQueues), after one read that found some. Stop them
 * before the database closes.
 */
export function startMaintenanceTimers(deps: Pick<MaintenanceDeps, 'db' | 'logger'>): { stop(): Promise<void> } {
  return startEmptyJobQueueCollection({ db: deps.db, logger: deps.logger, lockTimeoutMs: QUEUE_CLEANUP_LOCK_TIMEOUT_MS });
}

/**
 * The maintenance job handlers (thin: they call the components). `collect-job-queues` is no
 * longer scheduled (startMaintenanceTimers does it) and is kept for jobs an earlier release's
 * cron added.
 */
export function createMaintenanceTasks(deps: MaintenanceDeps): QueueTaskList {
  return {
    [TASKS.eraseExpiredData]: async () => {
      await runDailyMaintenance(deps);
    },
    [TASKS.expireWaitlistEntries]: async () => {
      const expired = await expireWaitlistEntries(deps.db, deps.clock.now());
      deps.logger.debug({ component: 'maintenance', waitlistEntriesExpired: expired }, 'waitlist entries expired');
    },
    [TASKS.collectJobQueues]: async () => {
      const queues = await deleteEmptyJobQueues(deps.db, { lockTimeoutMs: QUEUE_CLEANUP_LOCK_TIMEOUT_MS });
      deps.logger.debug({ component: 'maintenance', ...queues }, 'empty job queues deleted');
    },
  };
}
