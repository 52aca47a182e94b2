import os from 'node:os';
import { databasePoolSize } from '../../src/boot/start-service.js';
import { summarizeCapacity } from './capacity-summary.js';
import type { SoakLoad } from './drive-soak-load.js';
import type { SoakFigures } from './soak-figures.js';
import { arrivalWindowMs, type SoakOptions } from './soak-options.js';
import type { SoakDatabase } from './start-soak-database.js';
import type { SoakService } from './start-soak-service.js';

/**
 * The soak's figures, once the service has stopped: what was offered and injected, what the
 * load cost (CPU, writes, capacity), and with PgBouncer or the standby what they did.
 */
export function collectSoakFigures(input: {
  options: SoakOptions;
  /** Date.now() when the soak started */
  started: number;
  database: SoakDatabase;
  service: SoakService;
  load: SoakLoad;
  serviceWarnings: Record<string, number>;
  /** CPU seconds of PostgreSQL's processes at the end */
  postgresCpu: number;
  /** the soak process's own CPU since it started */
  soakCpu: NodeJS.CpuUsage;
}): SoakFigures {
  const { options, started, serviceWarnings, postgresCpu, soakCpu } = input;
  const { pgbouncer, replica } = input.database;
  const { anthropic, graph, cluster } = input.service;
  const { plans, driver, roundTripMs, writes, cpuAtDriveStart, cpuAtDriveEnd, drainedAt, poolerStats } = input.load;
  const { replicaLag, staffReads, replicaTransactions, samples, samplerStartedAt } = input.load;
  return {
    customers: options.customers,
    messagesPerCustomer: options.messagesPerCustomer,
    webProcesses: options.webProcesses,
    workerProcesses: options.workerProcesses,
    workerKills: cluster.workers.reduce((sum, worker) => sum + worker.kills, 0),
    driveSeconds: (driver.finishedAt - driver.startedAt) / 1000,
    totalSeconds: (Date.now() - started) / 1000,
    duplicatesDelivered: driver.sent.filter((message) => message.duplicate).length,
    burstTurns: plans.reduce((sum, plan) => sum + plan.turns.filter((turn) => turn.length > 1).length, 0),
    racingCustomers: plans.filter((plan) => plan.racing).length,
    modelCalls: anthropic.calls.length,
    modelErrorsInjected: anthropic.calls.filter((call) => call.status === 500 || call.status === 529).length,
    graphRequests: graph.stats.requests,
    graphErrorsInjected: graph.stats.errors500,
    repliesDelivered: graph.deliveries.length,
    debounceMs: options.debounceMs,
    roundTripMs,
    statusWebhooks: graph.stats.statusWebhooks,
    offeredRate: options.offeredRate,
    ...(options.rampToRate !== undefined ? { ramp: { toRate: options.rampToRate, seconds: arrivalWindowMs(options) / 1000 } } : {}),
    sendSeconds: sendWindowSeconds(driver.sent.map((message) => message.sentAt)),
    writes,
    // From the first message to a quiet queue: what the load cost, without start-up and shutdown.
    serviceWarnings,
    loadCpu: {
      seconds: (drainedAt - driver.startedAt) / 1000,
      web: cpuAtDriveEnd.web - cpuAtDriveStart.web,
      worker: cpuAtDriveEnd.worker - cpuAtDriveStart.worker,
      postgres: cpuAtDriveEnd.postgres - cpuAtDriveStart.postgres,
      ...(pgbouncer ? { pooler: cpuAtDriveEnd.pooler - cpuAtDriveStart.pooler } : {}),
    },
    ...(pgbouncer && poolerStats ? { pooler: { name: pgbouncer.version, poolSize: pgbouncer.poolSize, ...poolerStats } } : {}),
    ...(replica && replicaLag && staffReads
      ? {
          replica: {
            name: replica.version,
            lag: replicaLag,
            consoleReads: staffReads.reads,
            consoleReadsOnReplica: staffReads.bySource.replica,
            replicaTransactions,
            notesWritten: staffReads.writes,
            readYourWrites: staffReads.readYourWrites,
            staffFailures: staffReads.failures,
          },
        }
      : {}),
    cpuSeconds: {
      web: cluster.web.reduce((sum, web) => sum + web.cpuSeconds, 0),
      worker: cluster.workers.reduce((sum, worker) => sum + worker.cpuSeconds, 0),
      postgres: postgresCpu,
      soak: (soakCpu.user + soakCpu.system) / 1e6,
    },
    capacity: summarizeCapacity(samples, {
      cores: os.availableParallelism(),
      workerSlots: options.workerConcurrency * options.workerProcesses,
      poolSizes: servicePoolSizes(options.workerConcurrency),
      driveEndSecond: (driver.finishedAt - samplerStartedAt) / 1000,
    }),
  };
}

/**
 * The service's pool sizes by `<role> <purpose>` of their sessions: each process's one pool
 * (databasePoolSize: Prisma and, in a worker, the queue) and a web process's webhook intake
 * pool (src/whatsapp/webhook-router.ts, 4).
 */
const servicePoolSizes = (workerConcurrency: number) => ({
  'web db': databasePoolSize({ ROLE: 'web', WORKER_CONCURRENCY: workerConcurrency }),
  'web intake': 4,
  'worker db': databasePoolSize({ ROLE: 'worker', WORKER_CONCURRENCY: workerConcurrency }),
});

const sendWindowSeconds = (times: number[]) => (times.length < 2 ? 0 : (Math.max(...times) - Math.min(...times)) / 1000);
