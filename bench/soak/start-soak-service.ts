import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { type FakeAnthropic, startFakeAnthropic } from '../../test/fakes/anthropic-loopback.js';
import { type FakeGraph, startFakeGraph } from '../../test/fakes/graph-api-loopback.js';
import { type FakeMercadoPago, startFakeMercadoPago } from '../../test/fakes/mercadopago-loopback.js';
import type { Random } from '../../test/fakes/random.js';
import type { Janitor } from './janitor.js';
import { schedulingModel } from './scheduling-policy.js';
import type { SoakTenant } from './seed-tenants.js';
import { type ServiceCluster, startServiceCluster } from './service-processes.js';
import type { SoakOptions } from './soak-options.js';
import type { SoakDatabase } from './start-soak-database.js';

export interface SoakService {
  anthropic: FakeAnthropic;
  graph: FakeGraph;
  mercadoPago: FakeMercadoPago;
  /** the webhooks' signing secret (WHATSAPP_APP_SECRET) */
  appSecret: string;
  cluster: ServiceCluster;
}

/**
 * The service under load and the outside services it talks to: the fake Claude, Graph API and
 * Mercado Pago, then the built service as separate web and worker processes on the soak's
 * database side (the web processes through PgBouncer and the standby when started). Each is
 * pushed onto `cleanups`; every service process is told to the janitor.
 */
export async function startSoakService(
  options: SoakOptions,
  { database, pgbouncer, replica }: SoakDatabase,
  tenants: SoakTenant[],
  run: { random: Random; timeZone: string; logDir: string; janitor: Janitor; cleanups: (() => Promise<unknown>)[] },
): Promise<SoakService> {
  const { random, logDir, janitor, cleanups } = run;
  const anthropic = await startFakeAnthropic({
    random,
    latencyMs: options.modelLatencyMs,
    errorRate: options.modelErrorRate,
    decide: schedulingModel(run.timeZone),
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
  return { anthropic, graph, mercadoPago, appSecret, cluster };
}

/** NODE_OPTIONS that make a process write its CPU profile into `<dir>/<role>` when it exits. */
const cpuProfileEnv = (dir: string | undefined, role: 'web' | 'worker'): Record<string, string> =>
  dir ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.join(dir, role)}` } : {};
