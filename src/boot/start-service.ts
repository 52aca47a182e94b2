import type { Server } from 'node:http';
import path from 'node:path';
import type { Tracer } from '@opentelemetry/api';
import { createAdminRouter, createCalendarFeedRouter } from '../admin/index.js';
import { createStaffAccount, DEMO_OWNER_EMAIL } from '../auth/index.js';
import type { Config } from '../config/index.js';
import { createConsoleRouter } from '../console/index.js';
import { keyringFromConfig, sealStoredTokens } from '../credentials/index.js';
import {
  applyMigrations,
  createDatabasePool,
  createDb,
  createIntakePool,
  createReplicaReads,
  type DatabasePool,
  type EmbeddedPostgresHandle,
  type NamedReads,
  poolSqlReads,
  primaryReads,
  sessionName,
  startEmbeddedPostgres,
} from '../db/index.js';
import { createHttpApp, createMetricsRouter, createStaffReads, type StaffReads } from '../http/index.js';
import { createMetricsRegistry } from '../metrics/index.js';
import { type QueueTaskList, runQueueMigrations, startWorker, type WorkerHandle } from '../queue/index.js';
import { type Logger, systemClock } from '../shared/index.js';
import { createRunTracing, watchEventLoop } from '../telemetry/index.js';
import { importDemoTenantIfNoTenants } from '../tenant/index.js';
import { createSandboxOutboxRouter, createWhatsAppWebhook } from '../whatsapp/index.js';
import { assertSafeSecrets } from './assert-safe-secrets.js';
import { createChannelTasks } from './create-channel-tasks.js';
import { createMaintenanceTasks, MAINTENANCE_CRONTAB, startMaintenanceTimers } from './create-maintenance-tasks.js';
import { createServiceResponderChooser } from './create-service-responder-chooser.js';
import { createDepositTasks, createMercadoPagoWebhook, depositDepsOf } from './deposit-deps.js';
import type { FirstRunSecrets, ServiceReady } from './ready-notice.js';
import { schedulingDepsOf } from './scheduling-deps.js';
import type { ServiceDeps } from './service-deps.js';

export interface RunningService {
  deps: ServiceDeps;
  /** The HTTP port actually bound (PORT=0 picks a free one). */
  port: number | undefined;
  /** Stops accepting requests, drains in-flight requests and jobs, then closes the database. */
  stop(): Promise<void>;
  /** When `stop()` takes too long and the process exits anyway: leaves no embedded PostgreSQL running. */
  abandon(): void;
  /**
   * Resolves when the worker lost its liveness lock and stopped itself (queue/start-worker.ts):
   * the process must exit (main.ts exits 75) and be restarted. Pending otherwise, and without a worker.
   */
  workerLost: Promise<Error>;
  /** what main prints once it is up (URLs; the first run's key and console account) */
  ready: ServiceReady;
}

/**
 * Boots the service for `config.ROLE`: database (embedded when DATABASE_URL is unset),
 * migrations, demo tenant on a fresh embedded database, then the web server and/or the worker.
 */
export async function startService(config: Config, logger: Logger): Promise<RunningService> {
  let embedded: EmbeddedPostgresHandle | undefined;
  let databaseUrl = config.DATABASE_URL;
  if (!databaseUrl) {
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(config.DATA_DIR, 'pg'),
      port: config.EMBEDDED_PG_PORT,
      database: 'wa_agenda',
      logger,
    });
    databaseUrl = embedded.url;
  }
  // Behind a transaction pooler only a web process's requests and intake go through it: what
  // needs a session of its own (migrations, the whole queue of a worker) takes the direct URL.
  const directUrl = config.DATABASE_DIRECT_URL ?? databaseUrl;
  // One pool per process, shared by Prisma and the queue: turns and the queue's own statements
  // draw from the same connections, so no side starves while the other idles.
  const poolUrl = config.ROLE === 'web' ? databaseUrl : directUrl;
  const pool = createDatabasePool(poolUrl, {
    max: databasePoolSize(config),
    applicationName: sessionName(config.ROLE, 'db'),
    logger,
    component: 'db',
  });
  const db = createDb(pool.pool);
  const deps: ServiceDeps = { config, db, databaseUrl, logger, clock: systemClock };
  // The staff's named reads (lists, stats, reports) on the replica when there is one; only web processes serve them.
  // Their hottest statements are plain SQL on the pool, prepared unless the pool is a transaction pooler's.
  const primary = { db, sql: poolSqlReads(pool.pool, { prepared: poolUrl === directUrl }) };
  const namedReads: NamedReads =
    config.DATABASE_REPLICA_URL && config.ROLE !== 'worker'
      ? createReplicaReads({ primary, replicaUrl: config.DATABASE_REPLICA_URL, poolSize: 10, role: config.ROLE, logger })
      : primaryReads(db, primary.sql);
  const staffReads = createStaffReads(namedReads, { publicUrl: config.PUBLIC_URL });
  let server: Server | undefined;
  let worker: WorkerHandle | undefined;
  let maintenanceTimers: { stop(): Promise<void> } | undefined;
  let intakePool: DatabasePool | undefined;
  let firstRun: FirstRunSecrets | null = null;
  const consoleRouter = createConsoleRouter({ ...deps, reads: staffReads });
  const tracing = createRunTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME });

  let eventLoop: { stop(): void } | undefined;
  const stop = async () => {
    eventLoop?.stop();
    consoleRouter.closeStreams();
    if (server) await closeServer(server);
    await maintenanceTimers?.stop();
    if (worker) await worker.stop();
    // The webhook's own intake pool, after the server stopped taking webhooks.
    if (intakePool) await intakePool.end();
    await tracing.shutdown().catch((error) => logger.warn({ err: error }, 'span export at shutdown failed'));
    await namedReads.stop();
    await db.$disconnect();
    await pool.end();
    if (embedded) await embedded.stop();
  };

  try {
    await applyMigrations(directUrl, logger);
    await runQueueMigrations(directUrl, logger);
    if (embedded) firstRun = await importDemoTenantOnFirstRun(deps);
    await assertSafeSecrets(db, config);
    const sealing = await sealStoredTokens(db, keyringFromConfig(config), { rotate: false });
    if (sealing.sealed > 0) logger.info({ sealed: sealing.sealed }, 'plain WhatsApp access tokens sealed at rest');

    if (config.ROLE === 'all' || config.ROLE === 'worker') {
      worker = await startWorker({
        connectionString: directUrl,
        pgPool: pool.pool,
        concurrency: config.WORKER_CONCURRENCY,
        // No exporter: no run span, so no read of the finished run for it.
        tasks: createTasks(deps, tracing.recording ? tracing.tracer : undefined),
        crontab: MAINTENANCE_CRONTAB,
        queueLagWarnMs: config.QUEUE_LAG_WARN_MS,
        logger,
      });
      maintenanceTimers = startMaintenanceTimers(deps);
    }
    if (config.ROLE === 'all' || config.ROLE === 'web') {
      intakePool = createIntakePool(databaseUrl, logger);
      const webhook = createWhatsAppWebhook({ ...deps, intakePool: intakePool.pool });
      const mercadoPagoWebhook = createMercadoPagoWebhook(deps, keyringFromConfig(config), depositDepsOf(deps));
      const app = createHttpApp({
        db,
        logger,
        plainRoutes: webhook.plainRoutes,
        webhookRouters: [webhook.router, mercadoPagoWebhook],
        routers: [...createRouters(deps, staffReads), consoleRouter],
        trustProxy: config.TRUST_PROXY,
      });
      server = await listen(app, config.PORT);
    }
  } catch (error) {
    await stop().catch((stopError) => logger.error({ err: stopError }, 'cleanup after failed start failed'));
    throw error;
  }
  // From here on: start-up (migrations, module loading) would be a false alarm.
  eventLoop = watchEventLoop({ logger, warnAfterMs: config.EVENT_LOOP_LAG_WARN_MS });
  const address = server?.address();
  const port = typeof address === 'object' && address ? address.port : undefined;
  logger.info({ role: config.ROLE, port, embeddedDatabase: Boolean(embedded) }, 'wa-agenda started');
  const workerLost = worker ? worker.lost : new Promise<Error>(() => undefined);
  const defaultUrl = `http://localhost:${config.PORT}`;
  const ready: ServiceReady = {
    baseUrl: config.PUBLIC_URL === defaultUrl && port !== undefined ? `http://localhost:${port}` : config.PUBLIC_URL,
    role: config.ROLE,
    database: embedded ? `embedded PostgreSQL under ${path.resolve(config.DATA_DIR, 'pg')}` : 'DATABASE_URL',
    firstRun,
  };
  return { deps, port, stop, abandon: () => embedded?.abandon(), workerLost, ready };
}

/**
 * A worker's connections for its jobs: one per job slot, up to this many. A job holds a
 * connection only while one of its statements or transactions runs, not while it waits for the
 * model (most of a turn), so a few connections serve many slots; every session a worker keeps
 * costs the database CPU on each statement (the default soak with 48 slots per worker, 60
 * sessions against 28: docs/scaling.md). Past the cap a transaction may wait for a connection,
 * for up to db's TRANSACTION_MAX_WAIT_MS.
 */
const JOB_SESSIONS_CAP = 16;

/**
 * Connections of the process's pool: 10 for requests and maintenance, and in a worker one per job
 * slot up to JOB_SESSIONS_CAP plus two for the queue itself (fetching and completing jobs,
 * recovery, the lag watch). Up to the cap a full worker never waits for a connection.
 */
export function databasePoolSize(config: Pick<Config, 'ROLE' | 'WORKER_CONCURRENCY'>): number {
  const base = 10;
  return config.ROLE === 'web' ? base : base + Math.min(config.WORKER_CONCURRENCY, JOB_SESSIONS_CAP) + 2;
}

function createTasks(deps: ServiceDeps, tracer: Tracer | undefined): QueueTaskList {
  return {
    ...createChannelTasks(deps, { chooseResponder: createServiceResponderChooser(deps), tracer }),
    ...createMaintenanceTasks({ ...deps, historyWindow: deps.config.AGENT_HISTORY_MAX_MESSAGES }),
    ...createDepositTasks(depositDepsOf(deps)),
  };
}

/** How the admin API fetches customers' media from the Graph API (the console shows images, audio and documents). */
export function mediaProxyOf(config: ServiceDeps['config']) {
  return {
    baseUrl: config.WHATSAPP_GRAPH_URL,
    version: config.WHATSAPP_GRAPH_VERSION,
    credentials: keyringFromConfig(config),
    timeoutMs: 15_000,
    // WhatsApp's own limit for documents is 100 MB; the console opens up to 25 MB.
    maxBytes: 25_000_000,
  };
}

function createRouters(deps: ServiceDeps, reads: StaffReads) {
  const routers = [
    createAdminRouter({ ...deps, scheduling: schedulingDepsOf(deps.db), media: mediaProxyOf(deps.config), reads }),
    createCalendarFeedRouter(deps),
    createMetricsRouter({ token: deps.config.METRICS_TOKEN, registry: createMetricsRegistry(deps.db, deps.logger) }),
  ];
  // What sandbox tenants "sent", for `npm run chat`; never exposed in production.
  if (deps.config.NODE_ENV !== 'production') routers.push(createSandboxOutboxRouter(deps));
  return routers;
}

/** On a database with no tenant yet, imports scripts/demo-tenant.json and an owner account; returns their one-time secrets. */
async function importDemoTenantOnFirstRun(deps: ServiceDeps): Promise<FirstRunSecrets | null> {
  const outcome = await importDemoTenantIfNoTenants(deps.db);
  if (!outcome) return null;
  deps.logger.info({ tenant: outcome.slug, tenantId: outcome.tenantId, keyPrefix: outcome.apiKeyPrefix }, 'demo tenant imported');
  const owner = await createStaffAccount(deps.db, { slug: outcome.slug, email: DEMO_OWNER_EMAIL, name: 'Dona do Salão', role: 'owner' });
  return {
    tenantSlug: outcome.slug,
    apiKey: outcome.apiKey ?? null,
    console: owner.kind === 'created' ? { email: owner.email, password: owner.initialPassword } : null,
  };
}

function listen(app: ReturnType<typeof createHttpApp>, port: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = app.listen(port, (error?: Error) => (error ? reject(error) : resolve(server)));
    server.keepAliveTimeout = 5000;
  });
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Idle keep-alive sockets would hold close() open; in-flight requests still finish.
    server.closeIdleConnections();
  });
}
