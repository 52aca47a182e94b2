import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { databasePoolSize } from '../../src/boot/start-service.js';
import { createDb } from '../../src/db/index.js';
import { startFakeAnthropic } from '../../test/fakes/anthropic-loopback.js';
import { startFakeGraph } from '../../test/fakes/graph-api-loopback.js';
import { startFakeMercadoPago } from '../../test/fakes/mercadopago-loopback.js';
import { createRandom } from '../../test/fakes/random.js';
import { createBenchDatabase } from '../support/bench-database.js';
import type { CapacitySample } from './capacity-sample.js';
import { startCapacitySampler } from './capacity-sampler.js';
import { summarizeCapacity } from './capacity-summary.js';
import { checkSoak, type SoakChecks } from './checks.js';
import { cpuSecondsOfTree } from './cpu-time.js';
import { localDate } from './customer-intent.js';
import { planCustomers, upcomingWorkingDates } from './customer-script.js';
import { readWriteCounters, writesBetween } from './database-writes.js';
import { startDepositPayer } from './deposit-payer.js';
import { driveCustomers } from './driver.js';
import { startJanitor } from './janitor.js';
import { startPgBouncer } from './pgbouncer.js';
import { PRIMARY_REPLICATION_SETTINGS, startSoakReplica } from './read-replica.js';
import { sampleRoundTrips } from './round-trip-sampler.js';
import { schedulingModel } from './scheduling-policy.js';
import { seedSoakTenants } from './seed-tenants.js';
import { startServiceCluster } from './service-processes.js';
import { tallyServiceWarnings } from './service-warnings.js';
import { replicaFailures, soakFailures } from './soak-failures.js';
import type { SoakFigures } from './soak-figures.js';
import { startStaffReader } from './staff-reader.js';
import { STATEMENT_STATS_SETTINGS, type StatementCost, startStatementCosts } from './statement-costs.js';
import { waitForQuiet } from './wait-for-quiet.js';
import { startWaitlistTapper } from './waitlist-tapper.js';
import { scheduleWorkerKills } from './worker-kills.js';

export interface SoakOptions {
  customers: number;
  messagesPerCustomer: number;
  tenants: number;
  webProcesses: number;
  workerProcesses: number;
  workerKills: number;
  workerConcurrency: number;
  debounceMs: number;
  modelLatencyMs: [number, number];
  modelErrorRate: number;
  graphLatencyMs: [number, number];
  graphErrorRate: number;
  duplicateRate: number;
  arrivalWindowMs: number;
  /**
   * Open loop at a fixed offered rate (inbound messages per second): customers arrive at
   * `customers × messages / rate` seconds' spread and send each turn `turnIntervalMs` after the
   * previous one, answered or not. Unset: closed loop (customers wait for replies) over `arrivalWindowMs`.
   */
  offeredRate?: number;
  /**
   * Open loop on a ramp: the offered rate grows linearly from 0 to this (inbound messages per
   * second) over the arrivals, `2 × customers × messages / rate` seconds, to find where the
   * service saturates. Takes precedence over `offeredRate`.
   */
  rampToRate?: number;
  turnIntervalMs?: number;
  replyTimeoutMs: number;
  thinkMs: [number, number];
  burstGapMs: [number, number];
  delayedDuplicateMs: [number, number];
  /** after the customers are done: how long to wait at most for the queue to drain */
  drainTimeoutMs: number;
  seed: number;
  /** customers who book Coloração (a deposit) whatever the draw says (see PlanOptions.depositBookers) */
  depositBookers?: number;
  /** a PostgreSQL server to create the throwaway database on; embedded when undefined */
  serverUrl?: string;
  /** leave the database (and an embedded server) running afterwards, to look into a failure */
  keepDatabase?: boolean;
  /** count every statement's time and WAL while the load runs (pg_stat_statements; embedded server only) */
  statementCosts?: boolean;
  /**
   * Put PgBouncer (transaction pooling) in front of the database for the web processes; the
   * workers stay on direct sessions (the queue's LISTEN, the liveness lock, graphile-worker's held connections).
   */
  pgbouncer?: boolean;
  /**
   * A streaming replica (hot standby) of the soak's own embedded primary (`serverUrl` is not
   * used: the replica is a copy of the primary's files) serves the web processes' named reads
   * (DATABASE_REPLICA_URL); the workers do not use it. A staff reader reads the agenda, the
   * inbox and the overview through the admin API while the load runs, and reads its own notes
   * back right after writing them.
   */
  replica?: boolean;
  /** with `replica`: how often the staff reader runs one round (ms; 250 when unset) */
  staffReadIntervalMs?: number;
  /** run the web and worker processes under `node --cpu-prof`, their profiles written to `<dir>/web` and `<dir>/worker` when they stop */
  cpuProfileDir?: string;
  log: (line: string) => void;
}

export interface SoakResult {
  figures: SoakFigures;
  checks: SoakChecks;
  failures: string[];
  logDir: string;
  /** the capacity sampler's seconds, from the first message until the queue was quiet */
  samples: CapacitySample[];
  /** with `statementCosts`: what each statement cost from the first message until the queue was quiet */
  statements?: StatementCost[];
}

const TIME_ZONE = 'America/Sao_Paulo';

/**
 * One whole soak: build, fresh database, tenants, fakes, the service as separate web and
 * worker processes, customers driven through signed webhooks with faults (duplicates, bursts,
 * races, model and Graph errors, workers killed with SIGKILL and restarted), drain, checks.
 * Cleans up everything it started, also when it fails.
 */
export async function runSoak(options: SoakOptions): Promise<SoakResult> {
  const started = Date.now();
  const cpuAtStart = process.cpuUsage();
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: path.resolve(import.meta.dirname, '../..'), stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed; the soak runs the built service (dist/)');
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'wa-agenda-soak-logs-'));
  const random = createRandom(options.seed);
  // Last to go: it cleans up only if this process dies before the cleanups below have run.
  const janitor = startJanitor();
  const cleanups: (() => Promise<unknown>)[] = [async () => janitor.close()];
  try {
    const settings = {
      ...(options.statementCosts ? STATEMENT_STATS_SETTINGS : {}),
      ...(options.replica ? PRIMARY_REPLICATION_SETTINGS : {}),
    };
    if (options.replica && options.serverUrl)
      options.log('--replica: the primary is an embedded server of its own (DATABASE_URL is not used)');
    const database = await createBenchDatabase({
      prefix: 'wa_soak',
      serverUrl: options.replica ? undefined : options.serverUrl,
      queue: true,
      ...(Object.keys(settings).length > 0 ? { settings } : {}),
    });
    if (options.keepDatabase) options.log(`database kept: ${database.url} (postmaster pid ${database.serverPid() ?? 'outside'})`);
    else {
      cleanups.push(database.dispose);
      if (database.directory) janitor.watchDirectory('database directory', database.directory);
      const serverPid = database.serverPid();
      if (serverPid) janitor.watchProcess('postgres', serverPid, 'PostgreSQL', 'SIGINT');
    }
    const pgbouncer = options.pgbouncer
      ? await startPgBouncer({ databaseUrl: database.url, poolSize: Math.max(10, 5 * options.webProcesses), logDir })
      : undefined;
    if (pgbouncer) {
      cleanups.push(pgbouncer.stop);
      janitor.watchDirectory('pgbouncer directory', pgbouncer.directory);
      const pid = pgbouncer.pid();
      if (pid) janitor.watchProcess('pgbouncer', pid, 'PgBouncer', 'SIGTERM');
      options.log(`${pgbouncer.version} in front of the database for the web processes: ${new URL(pgbouncer.url).host}, transaction mode`);
    }
    if (options.replica && !database.dataDir) throw new Error('--replica needs the embedded primary');
    const replica =
      options.replica && database.dataDir
        ? await startSoakReplica({ primaryUrl: database.url, primaryDataDir: database.dataDir, logDir })
        : undefined;
    if (replica) {
      cleanups.push(replica.stop);
      janitor.watchDirectory('replica directory', replica.directory);
      const pid = replica.pid();
      if (pid) janitor.watchProcess('replica', pid, 'PostgreSQL replica', 'SIGINT');
      options.log(
        `${replica.version} hot standby streaming from the primary for the web processes' named reads: ${new URL(replica.url).host}`,
      );
    }
    const db = createDb(database.url, { maxConnections: 2 });
    const tenants = await seedSoakTenants(db, options.tenants).finally(() => db.$disconnect());

    const anthropic = await startFakeAnthropic({
      random,
      latencyMs: options.modelLatencyMs,
      errorRate: options.modelErrorRate,
      decide: schedulingModel(TIME_ZONE),
    });
    cleanups.push(anthropic.close);
    const graph = await startFakeGraph({
      random,
      latencyMs: options.graphLatencyMs,
      errorRate: options.graphErrorRate,
      acceptedTokens: new Set(tenants.map((tenant) => tenant.accessToken)),
    });
    cleanups.push(graph.close);
    const mercadoPago = await startFakeMercadoPago({ acceptedTokens: new Set(tenants.map((tenant) => tenant.paymentAccessToken)) });
    cleanups.push(mercadoPago.close);

    const appSecret = randomBytes(16).toString('hex');
    const cluster = await startServiceCluster({
      web: options.webProcesses,
      workers: options.workerProcesses,
      logDir,
      onSpawn: (name, pid) => janitor.watchProcess(name, pid, name, 'SIGKILL'),
      // The web processes' requests and intake through PgBouncer; their migrations, and the workers, direct.
      roleEnv: {
        web: {
          ...(pgbouncer ? { DATABASE_URL: pgbouncer.url, DATABASE_DIRECT_URL: database.url } : {}),
          ...(replica ? { DATABASE_REPLICA_URL: replica.url } : {}),
          ...cpuProfileEnv(options.cpuProfileDir, 'web'),
        },
        worker: cpuProfileEnv(options.cpuProfileDir, 'worker'),
      },
      env: {
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        DATABASE_URL: database.url,
        ANTHROPIC_API_KEY: 'test',
        ANTHROPIC_BASE_URL: anthropic.url,
        WHATSAPP_GRAPH_URL: graph.url,
        MERCADOPAGO_BASE_URL: mercadoPago.url,
        WHATSAPP_APP_SECRET: appSecret,
        WHATSAPP_VERIFY_TOKEN: 'soak-verify-token',
        CREDENTIALS_KEY: `soak:${randomBytes(32).toString('base64')}`,
        // A worker killed mid-send leaves its reply of unknown outcome; its status webhook comes
        // within seconds here, and a send killed before it left is resent after this.
        WHATSAPP_SEND_UNKNOWN_WAIT_MS: '15000',
        DEBOUNCE_MS: String(options.debounceMs),
        WORKER_CONCURRENCY: String(options.workerConcurrency),
      },
    });
    cleanups.push(cluster.stopAll);
    graph.sendStatusesTo({ urls: cluster.web.map((web) => web.url as string), appSecret });
    const postmaster = database.serverPid();
    const pids = [
      ...cluster.all.map((service) => `${service.name} ${service.pid()}`),
      ...(postmaster ? [`postgres ${postmaster}`] : []),
      ...(pgbouncer ? [`pgbouncer ${pgbouncer.pid()}`] : []),
      ...(replica ? [`replica ${replica.pid()}`] : []),
    ];
    options.log(
      `service up: ${cluster.web.map((web) => web.url).join(', ')} + ${cluster.workers.length} workers (pids: ${pids.join(', ')}; logs in ${logDir})`,
    );

    const openLoop = options.offeredRate !== undefined || options.rampToRate !== undefined;
    const plans = planCustomers({
      customers: options.customers,
      messagesPerCustomer: options.messagesPerCustomer,
      tenants: options.tenants,
      dates: upcomingWorkingDates(localDate(TIME_ZONE), 5),
      random,
      arrivalWindowMs: arrivalWindowMs(options),
      arrivals: options.rampToRate !== undefined ? 'ramp' : 'uniform',
      depositBookers: options.depositBookers,
    });
    const writesAtStart = await readWriteCounters(database.url);
    const cpuAtDriveStart = {
      postgres: cpuSecondsOfTree(database.serverPid()),
      pooler: pgbouncer?.cpuSeconds() ?? 0,
      ...cluster.cpuSeconds(),
    };
    const total = plans.reduce((sum, plan) => sum + plan.turns.flat().length, 0);
    const kills = scheduleWorkerKills({
      kills: options.workerKills,
      totalMessages: total,
      workers: cluster.workers,
      graph,
      log: options.log,
    });
    const roundTrips = await sampleRoundTrips(database.url);
    const statementCosts = options.statementCosts ? await startStatementCosts(database.url) : undefined;
    let messagesSent = 0;
    const sampler = await startCapacitySampler({
      databaseUrl: database.url,
      processes: cluster.all.map((service) => ({ name: service.name, role: service.role, pid: () => service.pid() })),
      postgresPid: database.serverPid,
      messagesSent: () => messagesSent,
    });
    cleanups.push(async () => sampler.stop());
    const payerDb = createDb(database.url, { maxConnections: 2 });
    cleanups.push(() => payerDb.$disconnect());
    const tapper = startWaitlistTapper({
      graph,
      plans,
      tenants,
      webUrls: cluster.web.map((web) => web.url as string),
      appSecret,
      delayMs: 400,
    });
    const payer = startDepositPayer({
      db: payerDb,
      fake: mercadoPago,
      tenants,
      webUrls: cluster.web.map((web) => web.url as string),
      delayMs: 500,
    });
    const lagSampler = replica?.startLagSampler(1000);
    const replicaTransactionsAtStart = (await replica?.transactions()) ?? 0;
    const staffReader = replica
      ? startStaffReader({
          webUrls: cluster.web.map((web) => web.url as string),
          tenants,
          timeZone: TIME_ZONE,
          intervalMs: options.staffReadIntervalMs ?? 250,
          writeEvery: 4,
        })
      : undefined;
    if (staffReader) cleanups.push(async () => staffReader.stop());
    if (lagSampler) cleanups.push(async () => lagSampler.stop());
    const driver = await driveCustomers({
      plans,
      tenants,
      webUrls: cluster.web.map((web) => web.url as string),
      appSecret,
      graph,
      random,
      duplicateRate: options.duplicateRate,
      replyTimeoutMs: options.replyTimeoutMs,
      thinkMs: options.thinkMs,
      burstGapMs: options.burstGapMs,
      delayedDuplicateMs: options.delayedDuplicateMs,
      ...(openLoop ? { turnIntervalMs: options.turnIntervalMs ?? 8000 } : {}),
      onMessageSent: (count) => {
        messagesSent = count;
        kills.onMessageSent(count);
      },
    });
    await kills.done();
    const roundTripMs = await roundTrips.stop();
    options.log(`customers done in ${((driver.finishedAt - driver.startedAt) / 1000).toFixed(0)} s; draining the queue`);
    const settled = await payer.settle();
    await waitForQuiet(database.url, graph.deliveries, options.drainTimeoutMs);
    // Charges the drain created (a retried charge job) get paid or lapse too, then drain again.
    const deposits = await payer.stop();
    if (deposits.approved.length + deposits.lapsed.length > settled)
      await waitForQuiet(database.url, graph.deliveries, options.drainTimeoutMs);
    const waitlistTaps = await tapper.settle();
    const staffReads = await staffReader?.stop();
    const replicaLag = await lagSampler?.stop();
    const replicaTransactions = replica ? (await replica.transactions()) - replicaTransactionsAtStart : 0;
    const samples = await sampler.stop();
    const statements = await statementCosts?.stop();
    const writes = writesBetween(writesAtStart, await readWriteCounters(database.url));
    const cpuAtDriveEnd = {
      postgres: cpuSecondsOfTree(database.serverPid()),
      pooler: pgbouncer?.cpuSeconds() ?? 0,
      ...cluster.cpuSeconds(),
    };
    const drainedAt = Date.now();
    const poolerStats = await pgbouncer?.stats();
    // Let the last status webhooks land before the web processes go.
    await graph.close();
    await cluster.stopAll();
    const serviceWarnings = await tallyServiceWarnings(
      logDir,
      cluster.all.map((service) => service.name),
    );
    const postgresCpu = cpuSecondsOfTree(database.serverPid());
    const soakCpu = process.cpuUsage(cpuAtStart);

    const checks = await checkSoak({
      databaseUrl: database.url,
      plans,
      driver,
      deliveries: graph.deliveries,
      modelCalls: anthropic.calls,
      debounceMs: options.debounceMs,
      deposits,
      waitlist: { offersDelivered: tapper.offersSeen(), taps: waitlistTaps },
    });
    const figures: SoakFigures = {
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
        driveEndSecond: (driver.finishedAt - sampler.startedAt) / 1000,
      }),
    };
    await writeFile(
      path.join(logDir, 'soak-log.json'),
      JSON.stringify({ plans, sent: driver.sent, turns: driver.turns, deliveries: graph.deliveries, modelCalls: anthropic.calls }),
    );
    await writeFile(path.join(logDir, 'soak-samples.json'), JSON.stringify({ figures, samples }));
    const failures = [...soakFailures(checks), ...replicaFailures(figures.replica)];
    // Logs are for looking into a failure; a passing run leaves nothing behind.
    if (failures.length === 0 && !options.keepDatabase) await rm(logDir, { recursive: true, force: true });
    return { figures, checks, failures, logDir, samples, ...(statements ? { statements } : {}) };
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch((error: unknown) => options.log(`cleanup failed: ${String(error)}`));
  }
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

/** NODE_OPTIONS that make a process write its CPU profile into `<dir>/<role>` when it exits. */
const cpuProfileEnv = (dir: string | undefined, role: 'web' | 'worker'): Record<string, string> =>
  dir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.join(dir, role)}` } : {};

/** Open loop: the window that offers the asked rate (a ramp reaches twice its mean rate at the end); closed loop: as given. */
function arrivalWindowMs(options: SoakOptions): number {
  const messages = options.customers * options.messagesPerCustomer;
  if (options.rampToRate !== undefined) return Math.round(((2 * messages) / options.rampToRate) * 1000);
  if (options.offeredRate !== undefined) return Math.round((messages / options.offeredRate) * 1000);
  return options.arrivalWindowMs;
}

const sendWindowSeconds = (times: number[]) => (times.length < 2 ? 0 : (Math.max(...times) - Math.min(...times)) / 1000);
