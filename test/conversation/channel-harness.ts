import type { Tracer } from '@opentelemetry/api';
import type { Express } from 'express';
import request from 'supertest';
import { createChannelTasks } from '../../src/boot/index.js';
import type { ServiceDeps } from '../../src/boot/service-deps.js';
import { type Config, loadConfig } from '../../src/config/index.js';
import type { Responder, RespondInput, RunOutcome } from '../../src/conversation/index.js';
import type { Db } from '../../src/db/index.js';
import { createGraphApiClient } from '../../src/graph/index.js';
import { createHttpApp } from '../../src/http/index.js';
import { type QueueTaskList, startWorker, type WorkerHandle } from '../../src/queue/index.js';
import { createLogger, type Logger, systemClock } from '../../src/shared/index.js';
import { createWhatsAppWebhook, signPayload } from '../../src/whatsapp/index.js';
import { FAKE_GRAPH_URL } from '../fakes/graph-api.js';
import { newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { testIntakePool } from '../support/intake-pool.js';
import type { TestDatabase } from '../support/test-database.js';

export const TEST_APP_SECRET = 'test-app-secret-3f9a';
export const TEST_VERIFY_TOKEN = 'test-verify-token-77';

/** The service config for channel tests: fake Graph URL, short debounce, few attempts. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WHATSAPP_APP_SECRET: TEST_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: TEST_VERIFY_TOKEN,
    WHATSAPP_GRAPH_URL: FAKE_GRAPH_URL,
    DEBOUNCE_MS: '300',
    JOB_MAX_ATTEMPTS: '3',
    WHATSAPP_SEND_MAX_RETRIES: '3',
    ...overrides,
  });
}

export interface RecordedRun {
  input: Omit<RespondInput, 'signal'>;
  signal: AbortSignal;
  startedAt: number;
  endedAt: number;
}

/**
 * A responder for pipeline tests: records every call (what it saw, when it ran), waits
 * `delayMs` (ending early when aborted), then answers with `answer(input)` — by default one
 * text echoing the messages it saw.
 */
export class FakeResponder implements Responder {
  readonly runs: RecordedRun[] = [];
  /** start times of runs in progress or done, in order (runs are recorded when they end) */
  readonly started: number[] = [];
  constructor(
    private readonly options: { name?: string; delayMs?: number; answer?: (input: RespondInput) => RunOutcome | Promise<RunOutcome> } = {},
  ) {}

  get name() {
    return this.options.name ?? 'fake';
  }

  async respond(input: RespondInput): Promise<RunOutcome> {
    const startedAt = Date.now();
    this.started.push(startedAt);
    const { signal, ...rest } = input;
    try {
      if (this.options.delayMs) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.options.delayMs);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      if (signal.aborted) return { kind: 'cancelled' };
      if (this.options.answer) return await this.options.answer(input);
      return { kind: 'answer', replies: [{ type: 'text', text: `Recebi: ${input.messages.map((message) => message.text).join(' | ')}` }] };
    } finally {
      this.runs.push({ input: rest, signal, startedAt, endedAt: Date.now() });
    }
  }
}

export interface Channel {
  app: Express;
  deps: ServiceDeps;
  worker: WorkerHandle | undefined;
  /** Makes the worker answer the next turns with this responder. */
  useResponder(responder: Responder): void;
  stop(): Promise<void>;
}

/** The webhook app and (unless `worker: false`) an in-process worker on the test database. */
export async function startChannel(options: {
  database: TestDatabase;
  responder?: Responder;
  config?: Record<string, string>;
  concurrency?: number;
  worker?: boolean;
  /** e.g. one writing to a stream the test reads */
  logger?: Logger;
  /** run spans go here (an in-memory exporter's tracer) */
  tracer?: Tracer;
  /** the worker's poll (default 50 ms); set it long to show that a job did not wait for it */
  pollInterval?: number;
  /** changes the job handlers before the worker runs them (e.g. wraps one) */
  tasks?: (tasks: QueueTaskList) => QueueTaskList;
}): Promise<Channel> {
  const config = testConfig(options.config);
  const logger = options.logger ?? createLogger(process.env.LOG_LEVEL ?? 'silent');
  const deps: ServiceDeps = { config, db: options.database.db, databaseUrl: options.database.url, logger, clock: systemClock };
  // mounted as the service mounts it (start-service.ts): the POST in front of express
  const webhook = createWhatsAppWebhook({ ...deps, intakePool: testIntakePool(options.database.url) });
  const app = createHttpApp({ db: deps.db, logger, plainRoutes: webhook.plainRoutes, webhookRouters: [webhook.router], routers: [] });
  let worker: WorkerHandle | undefined;
  const current = { responder: options.responder ?? new FakeResponder() };
  if (options.worker !== false) {
    const graph = createGraphApiClient({
      baseUrl: config.WHATSAPP_GRAPH_URL,
      version: config.WHATSAPP_GRAPH_VERSION,
      maxRetries: config.WHATSAPP_SEND_MAX_RETRIES,
      logger,
      baseDelayMs: 5,
    });
    const tasks = createChannelTasks(deps, {
      chooseResponder: async () => current.responder,
      graph,
      claimPollMs: 50,
      tracer: options.tracer,
    });
    worker = await startWorker({
      connectionString: options.database.url,
      concurrency: options.concurrency ?? 4,
      tasks: options.tasks ? options.tasks(tasks) : tasks,
      logger,
      pollInterval: options.pollInterval ?? 50,
    });
  }
  return {
    app,
    deps,
    worker,
    useResponder: (responder) => {
      current.responder = responder;
    },
    stop: async () => worker?.stop(),
  };
}

/** POSTs a webhook body signed as Meta would (or with the given signature header; null = none). */
export function postWebhook(app: Express, body: unknown, options: { signature?: string | null; secret?: string } = {}) {
  const raw = typeof body === 'string' ? body : JSON.stringify(body);
  const call = request(app).post('/webhooks/whatsapp').set('content-type', 'application/json');
  const signature = options.signature === undefined ? signPayload(raw, options.secret ?? TEST_APP_SECRET) : options.signature;
  if (signature !== null) call.set('x-hub-signature-256', signature);
  return call.send(raw);
}

/** Posts a signed text message from `from` to the tenant's number and expects 200. */
export function sendTextWebhook(app: Express, phoneNumberId: string, from: string, text: string, messageId = newWamid()) {
  return postWebhook(app, webhookFixture('text', { phoneNumberId, from, text, messageId })).expect(200);
}

/** Polls `check` until it returns a truthy value (then returns it) or the time runs out. */
export async function waitFor<T>(
  check: () => Promise<T> | T,
  options: { timeoutMs?: number; what?: string } = {},
): Promise<NonNullable<T>> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${options.what ?? 'condition'}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * True when the queue has no job left that could still run soon (done, or failed for good).
 * A job due more than a minute ahead (a booking's reminders, hours before the appointment) is
 * not part of the turn a test waits for: counting it, the queue never empties.
 */
export async function isQueueIdle(db: Db): Promise<boolean> {
  const rows = await db.$queryRaw<{ count: bigint }[]>`
    SELECT count(*) AS count FROM graphile_worker._private_jobs
    WHERE attempts < max_attempts AND run_at <= now() + interval '1 minute'`;
  return rows[0]?.count === 0n;
}

/** The conversation of a customer of a tenant, by WhatsApp id. */
export async function findConversation(db: Db, tenantId: number, waId: string) {
  return db.conversation.findFirst({ where: { tenantId, customer: { waId } } });
}

export async function outboundMessages(db: Db, conversationId: number) {
  return db.message.findMany({ where: { conversationId, direction: 'outbound' }, orderBy: { id: 'asc' } });
}

/** Makes failed jobs due now instead of after graphile's exponential backoff (seconds). */
export async function fastForwardRetries(db: Db): Promise<void> {
  await db.$executeRaw`
    UPDATE graphile_worker._private_jobs SET run_at = now()
    WHERE attempts > 0 AND attempts < max_attempts AND locked_at IS NULL AND run_at > now()`;
}
