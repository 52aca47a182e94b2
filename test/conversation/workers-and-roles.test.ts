import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChannelTasks } from '../../src/boot/index.js';
import { startService } from '../../src/boot/start-service.js';
import { createGraphApiClient } from '../../src/graph/index.js';
import { startWorker, type WorkerHandle } from '../../src/queue/index.js';
import { createLogger } from '../../src/shared/index.js';
import { signPayload } from '../../src/whatsapp/index.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWaId, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  type Channel,
  FakeResponder,
  findConversation,
  isQueueIdle,
  outboundMessages,
  postWebhook,
  startChannel,
  TEST_APP_SECRET,
  testConfig,
  waitFor,
} from './channel-harness.js';

describe('several workers and process roles on one database', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });
  beforeEach(() => {
    new GraphApiFake().install();
  });

  it('when two workers share the database, then every conversation is answered by exactly one run and one reply', async () => {
    const responder = new FakeResponder({ delayMs: 150 });
    const channel: Channel = await startChannel({ database, responder, concurrency: 3 });
    const logger = createLogger('silent');
    const graph = createGraphApiClient({
      baseUrl: channel.deps.config.WHATSAPP_GRAPH_URL,
      version: 'v23.0',
      maxRetries: 3,
      logger,
      baseDelayMs: 5,
    });
    const second: WorkerHandle = await startWorker({
      connectionString: database.url,
      concurrency: 3,
      tasks: createChannelTasks(channel.deps, { chooseResponder: async () => responder, graph, claimPollMs: 50 }),
      logger,
      pollInterval: 50,
    });
    try {
      const customers = Array.from({ length: 8 }, newWaId);
      await Promise.all(
        customers.map(async (from, index) => {
          await postWebhook(channel.app, webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: `oi ${index}` })).expect(
            200,
          );
          await postWebhook(
            channel.app,
            webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: `tudo bem ${index}` }),
          ).expect(200);
        }),
      );
      await waitFor(async () => responder.runs.length >= 8 && (await isQueueIdle(database.db)), {
        what: 'all answered',
        timeoutMs: 20_000,
      });
      // Both messages usually fall in one debounce window (one run); on a loaded machine the
      // second can arrive after the first run started and get a run of its own. Either way each
      // run that is not cancelled by a newer message sends exactly one reply.
      expect(new Set(responder.runs.map((run) => run.input.conversationId)).size).toBe(8);
      for (const from of customers) {
        const conversation = await findConversation(database.db, tenant.id, from);
        const replies = await outboundMessages(database.db, conversation!.id);
        const runs = responder.runs
          .filter((run) => run.input.conversationId === conversation!.id)
          .sort((a, b) => a.startedAt - b.startedAt);
        const answered = runs.filter((run) => !run.signal.aborted).length;
        expect(answered).toBeGreaterThanOrEqual(1);
        expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: answered }, () => 'sent'));
        // never two runs of one conversation at once, whichever worker took each
        for (const [index, run] of runs.entries()) {
          if (index > 0) expect(run.startedAt).toBeGreaterThanOrEqual(runs[index - 1]!.endedAt);
        }
      }
    } finally {
      await second.stop();
      await channel.stop();
    }
  });

  it('when the process role is web, then webhooks are stored but no job runs in it', async () => {
    const config = testConfig({ ROLE: 'web', PORT: '0', DATABASE_URL: database.url, DEBOUNCE_MS: '50' });
    const service = await startService(config, createLogger('silent'));
    try {
      const from = newWaId();
      const body = JSON.stringify(webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: 'oi' }));
      const response = await fetch(`http://127.0.0.1:${service.port}/webhooks/whatsapp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(body, TEST_APP_SECRET) },
        body,
      });
      expect(response.status).toBe(200);
      const conversation = await waitFor(() => findConversation(database.db, tenant.id, from));
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const inbound = await database.db.message.findMany({ where: { conversationId: conversation.id } });
      expect(inbound.map((row) => row.status)).toEqual(['received']);
      expect(await isQueueIdle(database.db)).toBe(false);
    } finally {
      await service.stop();
    }
  });
  it('when the whole service runs (ROLE=all) without an API key, then a sandbox customer is answered by the offline assistant', async () => {
    const sandbox = await createTestTenant(database.db, { accessToken: null });
    const config = testConfig({ ROLE: 'all', PORT: '0', DATABASE_URL: database.url, DEBOUNCE_MS: '50', ANTHROPIC_API_KEY: '' });
    const service = await startService(config, createLogger('silent'));
    try {
      const from = newWaId();
      const body = JSON.stringify(webhookFixture('text', { phoneNumberId: sandbox.phoneNumberId, from, text: 'oi' }));
      const response = await fetch(`http://127.0.0.1:${service.port}/webhooks/whatsapp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-hub-signature-256': signPayload(body, TEST_APP_SECRET) },
        body,
      });
      expect(response.status).toBe(200);
      const conversation = await waitFor(() => findConversation(database.db, sandbox.id, from));
      const replies = await waitFor(
        async () => {
          const rows = await outboundMessages(database.db, conversation.id);
          return rows.length > 0 && rows.every((row) => row.status === 'sent') ? rows : null;
        },
        { what: 'offline assistant reply', timeoutMs: 15_000 },
      );
      expect(replies[0]!.waMessageId).toBe(`sandbox.${replies[0]!.id}`);
      const run = await database.db.agentRun.findFirstOrThrow({ where: { conversationId: conversation.id } });
      expect(run).toMatchObject({ responder: 'offline', status: 'completed' });
    } finally {
      await service.stop();
    }
  });
});
