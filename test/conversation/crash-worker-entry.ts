/**
 * A worker process for the crash test (run with `node --import tsx`): the real channel job
 * handlers on DATABASE_URL, the Graph API at WHATSAPP_GRAPH_URL (a loopback fake: msw does
 * not cross processes), and a responder that prints `run-started <runId>` and then answers
 * after RESPONDER_DELAY_MS. Prints `ready` once the worker runs; SIGTERM stops it cleanly.
 */

import { createChannelTasks } from '../../src/boot/index.js';
import { loadConfig } from '../../src/config/index.js';
import type { Responder } from '../../src/conversation/index.js';
import { createDb } from '../../src/db/index.js';
import { createGraphApiClient } from '../../src/outbox/index.js';
import { startWorker } from '../../src/queue/index.js';
import { createLogger, systemClock } from '../../src/shared/index.js';

const config = loadConfig({ ...process.env, NODE_ENV: 'test' });
const databaseUrl = process.env.CRASH_TEST_DATABASE_URL ?? '';
const delayMs = Number(process.env.RESPONDER_DELAY_MS ?? '0');
const logger = createLogger(process.env.LOG_LEVEL ?? 'silent');
const db = createDb(databaseUrl, { maxConnections: 4 });
const deps = { config, db, databaseUrl, logger, clock: systemClock };

const responder: Responder = {
  name: 'fake',
  async respond(input) {
    process.stdout.write(`run-started ${input.runId}\n`);
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    return {
      kind: 'answer',
      replies: [{ type: 'text', text: `Resposta para: ${input.messages.map((message) => message.text).join(' | ')}` }],
    };
  },
};
const graph = createGraphApiClient({
  baseUrl: config.WHATSAPP_GRAPH_URL,
  version: config.WHATSAPP_GRAPH_VERSION,
  maxRetries: config.WHATSAPP_SEND_MAX_RETRIES,
  logger,
  baseDelayMs: 5,
});
const worker = await startWorker({
  connectionString: databaseUrl,
  concurrency: 2,
  tasks: createChannelTasks(deps, { chooseResponder: async () => responder, graph }),
  logger,
  pollInterval: 100,
  deadWorkerGraceMs: 300,
});
process.stdout.write('ready\n');
process.on('SIGTERM', () => {
  void worker
    .stop()
    .then(() => db.$disconnect())
    .then(() => process.exit(0));
});
