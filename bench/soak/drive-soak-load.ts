import { createDb } from '../../src/db/index.js';
import type { Random } from '../../test/fakes/random.js';
import type { CapacitySample } from './capacity-sample.js';
import { startCapacitySampler } from './capacity-sampler.js';
import { cpuSecondsOfTree } from './cpu-time.js';
import { localDate } from './customer-intent.js';
import { type CustomerPlan, planCustomers, upcomingWorkingDates } from './customer-script.js';
import { readWriteCounters, writesBetween } from './database-writes.js';
import { type DepositPayerResult, startDepositPayer } from './deposit-payer.js';
import { type DriverResult, driveCustomers } from './driver.js';
import type { PgBouncerStats } from './pgbouncer.js';
import type { ReplicaLag } from './read-replica.js';
import { sampleRoundTrips } from './round-trip-sampler.js';
import type { SoakTenant } from './seed-tenants.js';
import { arrivalWindowMs, type SoakOptions } from './soak-options.js';
import { type StaffReaderResult, startStaffReader } from './staff-reader.js';
import type { SoakDatabase } from './start-soak-database.js';
import type { SoakService } from './start-soak-service.js';
import { type StatementCost, startStatementCosts } from './statement-costs.js';
import { waitForQuiet } from './wait-for-quiet.js';
import { startWaitlistTapper, type WaitlistTapper } from './waitlist-tapper.js';
import { scheduleWorkerKills } from './worker-kills.js';

/** CPU seconds used so far by PostgreSQL, PgBouncer (0 without it), and the web and the worker processes. */
export interface SoakCpuReading {
  postgres: number;
  pooler: number;
  web: number;
  worker: number;
}

/** What the load phase measured, from the first message until the queue was quiet. */
export interface SoakLoad {
  plans: CustomerPlan[];
  driver: DriverResult;
  roundTripMs: number[];
  deposits: DepositPayerResult;
  tapper: WaitlistTapper;
  waitlistTaps: number;
  staffReads: StaffReaderResult | undefined;
  replicaLag: ReplicaLag | undefined;
  replicaTransactions: number;
  samples: CapacitySample[];
  /** Date.now() at the capacity sampler's second 0 */
  samplerStartedAt: number;
  statements: StatementCost[] | undefined;
  writes: ReturnType<typeof writesBetween>;
  cpuAtDriveStart: SoakCpuReading;
  cpuAtDriveEnd: SoakCpuReading;
  drainedAt: number;
  poolerStats: PgBouncerStats | undefined;
}

/**
 * The load phase: customers planned and driven through signed webhooks (workers killed on the
 * way, Pix deposits paid or left to lapse, waitlist offers tapped, with `replica` a staff reader
 * reading the console), then the queue drained, while the samplers measure what the load cost.
 * The samplers and the payer's connection are pushed onto `cleanups`.
 */
export async function driveSoakLoad(
  options: SoakOptions,
  { database, pgbouncer, replica }: SoakDatabase,
  { graph, mercadoPago, appSecret, cluster }: SoakService,
  tenants: SoakTenant[],
  run: { random: Random; timeZone: string; cleanups: (() => Promise<unknown>)[] },
): Promise<SoakLoad> {
  const { random, cleanups } = run;
  const openLoop = options.offeredRate !== undefined || options.rampToRate !== undefined;
  const plans = planCustomers({
    customers: options.customers,
    messagesPerCustomer: options.messagesPerCustomer,
    tenants: options.tenants,
    dates: upcomingWorkingDates(localDate(run.timeZone), 5),
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
        timeZone: run.timeZone,
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
  return {
    plans,
    driver,
    roundTripMs,
    deposits,
    tapper,
    waitlistTaps,
    staffReads,
    replicaLag,
    replicaTransactions,
    samples,
    samplerStartedAt: sampler.startedAt,
    statements,
    writes,
    cpuAtDriveStart,
    cpuAtDriveEnd,
    drainedAt,
    poolerStats,
  };
}
