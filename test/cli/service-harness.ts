import type { Server } from 'node:http';
import { createChannelTasks, createServiceResponderChooser } from '../../src/boot/index.js';
import type { ServiceDeps } from '../../src/boot/service-deps.js';
import { loadConfig } from '../../src/config/index.js';
import { createHttpApp } from '../../src/http/index.js';
import { startWorker } from '../../src/queue/index.js';
import { type Clock, createLogger, systemClock } from '../../src/shared/index.js';
import { createSandboxOutboxRouter, createWhatsAppWebhookRouter } from '../../src/whatsapp/index.js';
import { testIntakePool } from '../support/intake-pool.js';
import type { TestDatabase } from '../support/test-database.js';

export const CHAT_TEST_SECRET = 'chat-test-app-secret-81c2';

export interface TestService {
  url: string;
  deps: ServiceDeps;
  stop(): Promise<void>;
}

/**
 * The web side (webhook + sandbox outbox) listening on a free loopback port and a worker
 * with the real channel tasks and the real responder chooser (offline assistant, breaker,
 * agent when ANTHROPIC_API_KEY is in `config`), on the test database.
 */
export async function startTestService(options: {
  database: TestDatabase;
  config?: Record<string, string>;
  clock?: Clock;
}): Promise<TestService> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    WHATSAPP_APP_SECRET: CHAT_TEST_SECRET,
    WHATSAPP_VERIFY_TOKEN: 'chat-test-verify',
    WHATSAPP_GRAPH_URL: 'https://graph.test.invalid',
    DEBOUNCE_MS: '100',
    JOB_MAX_ATTEMPTS: '3',
    ...options.config,
  });
  const logger = createLogger(config.LOG_LEVEL);
  const deps: ServiceDeps = {
    config,
    db: options.database.db,
    databaseUrl: options.database.url,
    logger,
    clock: options.clock ?? systemClock,
  };
  const app = createHttpApp({
    db: deps.db,
    logger,
    routers: [createWhatsAppWebhookRouter({ ...deps, intakePool: testIntakePool(options.database.url) }), createSandboxOutboxRouter(deps)],
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const worker = await startWorker({
    connectionString: options.database.url,
    concurrency: 2,
    tasks: createChannelTasks(deps, { chooseResponder: createServiceResponderChooser(deps) }),
    logger,
    pollInterval: 50,
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    deps,
    stop: async () => {
      await worker.stop();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
    },
  };
}

/** Polls `check` until it returns a truthy value or the time runs out. */
export async function eventually<T>(check: () => Promise<T> | T, what: string, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
