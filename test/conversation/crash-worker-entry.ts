/**
 * A worker process for the crash and recovery tests (run with `node --import tsx`): the real
 * channel job handlers on DATABASE_URL, the Graph API at WHATSAPP_GRAPH_URL (a loopback fake:
 * msw does not cross processes), and a responder (a slow model) that prints `run-started <runId>`,
 * answers after RESPONDER_DELAY_MS unless its signal aborts first, and prints
 * `run-finished <runId> answered|cancelled`. Prints `ready` once the worker runs; SIGTERM stops
 * it cleanly; a worker that lost its liveness lock exits 75, as the service does.
 */

import { createChannelTasks } from '../../src/boot/index.js';
import { loadConfig } from '../../src/config/index.js';
import type { Responder } from '../../src/conversation/index.js';
import { createDb } from '../../src/db/index.js';
import { createGraphApiClient } from '../../src/graph/index.js';
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
    const aborted = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), delayMs);
      input.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve(true);
      });
    });
    process.stdout.write(`run-finished ${input.runId} ${aborted ? 'cancelled' : 'answered'}\n`);
    if (aborted) return { kind: 'cancelled' };
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
  deadWorkerConfirmMs: 1000,
  deadWorkerSweepMs: 250,
});
process.stdout.write('ready\n');
void worker.lost.then(async () => {
  await db.$disconnect();
  process.exit(75);
});
process.on('SIGTERM', () => {
  void worker
    .stop()
    .then(() => db.$disconnect())
    .then(() => process.exit(0));
});
