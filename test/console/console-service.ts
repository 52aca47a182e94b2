import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdminRouter } from '../../src/admin/index.js';
import { createChannelTasks, createServiceResponderChooser, mediaProxyOf, schedulingDepsOf } from '../../src/boot/index.js';
import type { ServiceDeps } from '../../src/boot/service-deps.js';
import { loadConfig } from '../../src/config/index.js';
import { createConsoleRouter } from '../../src/console/index.js';
import { createHttpApp } from '../../src/http/index.js';
import { startWorker, type WorkerHandle } from '../../src/queue/index.js';
import { createLogger, systemClock } from '../../src/shared/index.js';
import { createWhatsAppWebhookRouter, signPayload } from '../../src/whatsapp/index.js';
import { FAKE_GRAPH_URL } from '../fakes/graph-api.js';
import { testIntakePool } from '../support/intake-pool.js';
import type { TestDatabase } from '../support/test-database.js';

export const CONSOLE_TEST_SECRET = 'console-test-app-secret-5d1e';

export interface ConsoleTestService {
  url: string;
  deps: ServiceDeps;
  /** Posts a webhook body signed as Meta does, to the running service. */
  postWebhook(body: unknown): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The service as production wires its web side (webhook, admin API, console) on a loopback
 * port, plus a worker with the real channel tasks and responder chooser (the Claude agent
 * when ANTHROPIC_API_KEY is set). The Graph API and Claude are the msw fakes of the test file.
 */
export async function startConsoleTestService(options: {
  database: TestDatabase;
  config?: Record<string, string>;
  worker?: boolean;
}): Promise<ConsoleTestService> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    WHATSAPP_APP_SECRET: CONSOLE_TEST_SECRET,
    WHATSAPP_VERIFY_TOKEN: 'console-test-verify',
    WHATSAPP_GRAPH_URL: FAKE_GRAPH_URL,
    WHATSAPP_SEND_MAX_RETRIES: '0',
    DEBOUNCE_MS: '50',
    JOB_MAX_ATTEMPTS: '3',
    ADMIN_RATE_LIMIT_PER_MINUTE: '10000',
    ANTHROPIC_MAX_RETRIES: '0',
    ...options.config,
  });
  const logger = createLogger(config.LOG_LEVEL);
  const deps: ServiceDeps = { config, db: options.database.db, databaseUrl: options.database.url, logger, clock: systemClock };
  const consoleRouter = createConsoleRouter({ ...deps, eventPollMs: 250 });
  const app = createHttpApp({
    db: deps.db,
    logger,
    routers: [
      createWhatsAppWebhookRouter({ ...deps, intakePool: testIntakePool(options.database.url) }),
      createAdminRouter({ ...deps, scheduling: schedulingDepsOf(deps.db), media: mediaProxyOf(config) }),
      consoleRouter,
    ],
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  let worker: WorkerHandle | undefined;
  if (options.worker !== false) {
    worker = await startWorker({
      connectionString: options.database.url,
      concurrency: 2,
      tasks: createChannelTasks(deps, { chooseResponder: createServiceResponderChooser(deps), claimPollMs: 50 }),
      logger,
      pollInterval: 50,
    });
  }
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    deps,
    postWebhook: async (body) => {
      const raw = JSON.stringify(body);
      const response = await fetch(`${url}/webhooks/whatsapp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(raw, CONSOLE_TEST_SECRET) },
        body: raw,
      });
      await response.arrayBuffer();
      return response.status;
    },
    stop: async () => {
      consoleRouter.closeStreams();
      await worker?.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
