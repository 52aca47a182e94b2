/**
 * Webhook intake: throughput and latency of `POST /webhooks/whatsapp` (signature check, JSON
 * parse, store + enqueue in PostgreSQL, 200) under 50 concurrent keep-alive connections with
 * signed, realistic payloads (distinct message ids, 1 000 customers), against a baseline
 * measured in the same run: a bare express route that only checks the signature.
 * Target (2 cores): ≥ 40 % of the baseline's throughput and p99 ≤ 50 ms.
 */
import { spawn } from 'node:child_process';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import express from 'express';
import type { ServiceDeps } from '../src/boot/service-deps.js';
import { loadConfig } from '../src/config/index.js';
import { createDb, createIntakePool, type DatabasePool } from '../src/db/index.js';
import { createHttpApp } from '../src/http/index.js';
import { silentLogger, systemClock } from '../src/shared/index.js';
import { createWhatsAppWebhook, isValidSignature, type SqlRunner } from '../src/whatsapp/index.js';
import { postgresCpu, postgresCpuBetween } from './soak/cpu-time.js';
import { createBenchDatabase } from './support/bench-database.js';
import { type BenchTarget, createTargets } from './support/targets.js';

const CONNECTIONS = 50;
const WARMUP_MS = 1500;
// Interleaved rounds, medians reported: other processes on a shared 2-core machine shift the
// load from second to second, and interleaving spreads that noise over both targets.
const ROUNDS = 3;
const ROUND_MS = 3000;
const MAX_REQUESTS = 40_000;
const SECRET = 'bench-app-secret';
const PHONE_NUMBER_ID = '109876543210987';

interface Result {
  requests: number;
  errors: number;
  seconds: number;
  latenciesMs: number[];
}

export default async function run(): Promise<BenchTarget[]> {
  const targets = createTargets();
  const database = await createBenchDatabase({ prefix: 'wa_bench', serverUrl: process.env.DATABASE_URL, queue: true });
  const servers: http.Server[] = [];
  let intakePool: DatabasePool | undefined;
  try {
    const config = loadConfig({ NODE_ENV: 'test', WHATSAPP_APP_SECRET: SECRET, DEBOUNCE_MS: '2000' });
    const db = createDb(database.url);
    await db.tenant.create({ data: { slug: 'bench', name: 'Bench', timezone: 'America/Sao_Paulo', phoneNumberId: PHONE_NUMBER_ID } });
    const deps: ServiceDeps = { config, db, databaseUrl: database.url, logger: silentLogger, clock: systemClock };
    intakePool = createIntakePool(database.url, silentLogger);
    const pool = intakePool.pool;
    // the intake's batch statements timed on their way to the pool: messages per batch, and how
    // long the one session writing them was busy, per round
    const batches: BatchLog = { durationsMs: [] };
    const countingPool: SqlRunner = {
      query<Row>(text: string, values: unknown[]) {
        const sent = pool.query(text, values) as unknown as Promise<{ rows: Row[] }>;
        if (!text.includes('store_inbound_batch(')) return sent;
        const started = performance.now();
        return sent.finally(() => batches.durationsMs.push(performance.now() - started));
      },
    };
    const webhook = createWhatsAppWebhook({ ...deps, intakePool: countingPool });
    const appServer = await listen(
      createHttpApp({ db, logger: silentLogger, plainRoutes: webhook.plainRoutes, webhookRouters: [webhook.router], routers: [] }),
    );
    servers.push(appServer);

    const baseline = express();
    baseline.post('/webhooks/whatsapp', express.raw({ type: () => true, limit: 1_000_000 }), (request, response) => {
      const ok = isValidSignature(request.body as Buffer, request.get('x-hub-signature-256'), SECRET);
      response.sendStatus(ok ? 200 : 401);
    });
    const baselineServer = await listen(baseline);
    servers.push(baselineServer);

    const bodies = makeBodies(4000);
    await load(portOf(baselineServer), bodies, WARMUP_MS);
    await load(portOf(appServer), bodies, WARMUP_MS);
    const warmed = await db.message.count();
    const rounds: ({ target: string; round: number } & Measured)[] = [];
    let accepted = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      rounds.push({
        target: 'baseline',
        round,
        ...(await measure(portOf(baselineServer), bodies, database.serverPid(), { durationsMs: [] })),
      });
      const intake = await measure(portOf(appServer), bodies, database.serverPid(), batches);
      accepted += intake.requests;
      rounds.push({ target: 'intake', round, ...intake });
    }
    const stored = (await db.message.count()) - warmed;
    const jobs = await db.$queryRaw<{ count: bigint }[]>`SELECT count(*) AS count FROM graphile_worker._private_jobs`;
    await db.$disconnect();

    console.table(rounds);
    const median = (target: string, key: Exclude<keyof Measured, 'requests' | 'errors'>) => {
      const values = rounds
        .filter((row) => row.target === target)
        .map((row) => row[key])
        .sort((a, b) => a - b);
      return values[Math.floor(values.length / 2)]!;
    };
    const summary = ['baseline', 'intake'].map((target) => ({
      target: target === 'baseline' ? 'baseline: bare express, signature only' : 'webhook intake (signature + store + enqueue)',
      rps: median(target, 'rps'),
      p50Ms: median(target, 'p50Ms'),
      p99Ms: median(target, 'p99Ms'),
      serverCpuUsPerRequest: median(target, 'serverCpuUsPerRequest'),
      postgresCpuUsPerRequest: median(target, 'postgresCpuUsPerRequest'),
      postgresSessionsUsPerRequest: median(target, 'postgresSessionsUsPerRequest'),
      perBatch: median(target, 'perBatch'),
      batchP99Ms: median(target, 'batchP99Ms'),
      batchBusyPct: median(target, 'batchBusyPct'),
    }));
    console.log(
      `load average during the run: ${os
        .loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores`,
    );
    console.log(`medians over ${ROUNDS} interleaved rounds of ${ROUND_MS / 1000} s, ${CONNECTIONS} keep-alive connections:`);
    console.table(summary);
    const ratio = summary[1]!.rps / summary[0]!.rps;
    console.log(
      `intake/baseline throughput ratio: ${(ratio * 100).toFixed(1)} % (target >= 40 %: ${targets.check('intake ≥ 40 % of the baseline', ratio >= 0.4)}); ` +
        `intake p99 ${summary[1]!.p99Ms} ms (target <= 50 ms: ${targets.check('intake p99 ≤ 50 ms', summary[1]!.p99Ms <= 50)})`,
    );
    console.log(
      `stored ${stored} new messages for ${accepted} intake requests answered 200; ${jobs[0]?.count} jobs queued (1 000 conversations)`,
    );
    if (stored !== accepted) {
      throw new Error(`intake lost or duplicated messages: ${stored} stored, ${accepted} answered 200`);
    }
    return targets.list;
  } finally {
    for (const server of servers) await new Promise((resolve) => server.close(resolve));
    await intakePool?.end();
    await database.dispose();
  }
}

/** Signed webhook bodies from 1 000 customers, each with a fresh message id when sent. */
function makeBodies(count: number): { template: string; from: string }[] {
  return Array.from({ length: count }, (_, index) => {
    const from = `55119${String(10_000_000 + (index % 1000)).padStart(8, '0')}`;
    const template = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '5511933334444', phone_number_id: PHONE_NUMBER_ID },
                contacts: [{ profile: { name: `Cliente ${index % 1000}` }, wa_id: from }],
                messages: [
                  { from, id: '__ID__', timestamp: '__TS__', text: { body: 'Oi, queria marcar um corte amanhã à tarde' }, type: 'text' },
                ],
              },
              field: 'messages',
            },
          ],
        },
      ],
    });
    return { template, from };
  });
}

type Measured = ReturnType<typeof summarise> & {
  serverCpuUsPerRequest: number;
  postgresCpuUsPerRequest: number;
  postgresSessionsUsPerRequest: number;
  perBatch: number;
  batchP99Ms: number;
  batchBusyPct: number;
};

/** The wall time of each batch statement, from its send to its answer (commit included), as the pool saw it. */
interface BatchLog {
  durationsMs: number[];
}

/**
 * One round against `port`, with the CPU time this process (the servers; the load generator
 * is another process) spent per request: unlike latency, it hardly depends on what else the
 * machine is doing. PostgreSQL's CPU (the embedded server's processes; 0 on an outside
 * server) is counted apart, in all and in its client sessions alone (the statements' own
 * work, without the WAL writer, checkpointer and autovacuum): on 2 cores the database's share
 * decides the intake's throughput. `perBatch` is the messages each batch statement carried,
 * `batchP99Ms` a batch's wall time (execution and commit), and `batchBusyPct` the share of the
 * round during which a batch was being written: with one batch in flight, near 100 % means
 * the intake waits on that one session, and then a batch's wall time is what the rate depends on.
 */
async function measure(
  port: number,
  bodies: { template: string }[],
  postgresPid: number | undefined,
  batches: BatchLog,
): Promise<Measured> {
  // the /proc walk stays outside this process's measured window
  const postgresBefore = postgresCpu(postgresPid);
  batches.durationsMs.length = 0;
  const go = await startLoad(port, bodies, ROUND_MS);
  const before = process.cpuUsage();
  const report = await go();
  const used = process.cpuUsage(before);
  const result = JSON.parse(report) as Result;
  const durations = batches.durationsMs.splice(0).sort((a, b) => a - b);
  const postgres = postgresCpuBetween(postgresBefore, postgresCpu(postgresPid));
  const requests = Math.max(1, result.requests);
  const perRequest = (seconds: number) => Math.round((seconds * 1e6) / requests);
  const busyMs = durations.reduce((sum, duration) => sum + duration, 0);
  return {
    ...summarise(result),
    serverCpuUsPerRequest: perRequest((used.user + used.system) / 1e6),
    postgresCpuUsPerRequest: perRequest(postgres.total),
    postgresSessionsUsPerRequest: perRequest(postgres.sessions),
    perBatch: durations.length > 0 ? Math.round((10 * result.requests) / durations.length) / 10 : 0,
    batchP99Ms: Number((durations[Math.min(durations.length - 1, Math.floor(0.99 * durations.length))] ?? 0).toFixed(1)),
    batchBusyPct: Math.round((100 * busyMs) / (1000 * result.seconds)),
  };
}

/**
 * The load generator runs in its own process (plain JS, `node -e`), so client and server
 * share neither an event loop nor the CPU figures: 50 keep-alive connections, each sending
 * its next request as soon as the previous one answered, for `durationMs` (at most
 * MAX_REQUESTS in all). Resolves once the generator has started and read its input; the
 * returned `go` starts the load and resolves with the generator's raw report, so that
 * spawning it, sending it the bodies and parsing its latencies stay outside a measured window.
 */
async function startLoad(port: number, bodies: { template: string }[], durationMs: number): Promise<() => Promise<string>> {
  const input = {
    port,
    templates: bodies.map((body) => body.template),
    durationMs,
    connections: CONNECTIONS,
    maxRequests: MAX_REQUESTS,
    secret: SECRET,
  };
  const child = spawn(process.execPath, ['-e', LOAD_GENERATOR], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(JSON.stringify(input));
  let output = '';
  let onReady = () => {};
  const ready = new Promise<void>((resolve) => {
    onReady = resolve;
  });
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    if (output.startsWith(READY_LINE)) onReady();
  });
  const exited = new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(output.slice(READY_LINE.length)) : reject(new Error(`load generator exited with ${code}`)),
    );
  });
  await Promise.race([ready, exited]);
  return () => {
    child.kill('SIGUSR2');
    return exited;
  };
}

async function load(port: number, bodies: { template: string }[], durationMs: number): Promise<Result> {
  const go = await startLoad(port, bodies, durationMs);
  return JSON.parse(await go()) as Result;
}

const READY_LINE = 'ready\n';

const LOAD_GENERATOR = `
const http = require('node:http');
const { createHmac, randomBytes } = require('node:crypto');
const { port, templates, durationMs, connections, maxRequests, secret } = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
// the load starts on the parent's signal, once its measured window is open (a signal alone
// does not keep the process alive: the timer does until then)
const waiting = setInterval(() => {}, 60_000);
process.once('SIGUSR2', () => {
  clearInterval(waiting);
  run();
});
process.stdout.write('ready\\n');
const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
const latenciesMs = [];
let errors = 0;
let sent = 0;
const post = (body, signature) => new Promise((resolve) => {
  const request = http.request({ host: '127.0.0.1', port, path: '/webhooks/whatsapp', method: 'POST', agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'x-hub-signature-256': signature } },
    (response) => { response.resume(); response.on('end', () => resolve(response.statusCode)); });
  request.on('error', () => resolve(0));
  request.end(body);
});
let started = 0;
let deadline = 0;
const connection = async () => {
  while (performance.now() < deadline && sent < maxRequests) {
    const template = templates[sent++ % templates.length];
    const body = template.replace('__ID__', 'wamid.HBgN' + randomBytes(18).toString('base64url')).replace('__TS__', String(Math.floor(Date.now() / 1000)));
    const signature = 'sha256=' + createHmac('sha256', secret).update(body).digest('hex');
    const begin = performance.now();
    const status = await post(body, signature);
    if (status === 200) latenciesMs.push(performance.now() - begin); else errors++;
  }
};
const run = async () => {
  started = performance.now();
  deadline = started + durationMs;
  await Promise.all(Array.from({ length: connections }, connection));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  process.stdout.write(JSON.stringify({ requests: latenciesMs.length, errors, seconds, latenciesMs }));
};
`;

function summarise(result: Result) {
  const sorted = [...result.latenciesMs].sort((a, b) => a - b);
  const at = (q: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN).toFixed(2));
  return {
    requests: result.requests,
    errors: result.errors,
    rps: Math.round(result.requests / result.seconds),
    p50Ms: at(0.5),
    p99Ms: at(0.99),
  };
}

function listen(app: express.Express): Promise<http.Server> {
  return new Promise((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => resolve(server));
    server.keepAliveTimeout = 10_000;
  });
}

function portOf(server: http.Server): number {
  return (server.address() as AddressInfo).port;
}
