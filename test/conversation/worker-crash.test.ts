import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GraphApiFake } from '../fakes/graph-api.js';
import { webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { findConversation, outboundMessages, postWebhook, startChannel, waitFor } from './channel-harness.js';
import { spawnWorkerProcess as spawnWorker, WORKER_STARTUP_MS } from './worker-process.js';

describe('worker crash', () => {
  let database: TestDatabase;
  const children: ChildProcess[] = [];
  beforeAll(async () => {
    database = await testDatabase();
  });
  afterAll(() => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('when the worker is SIGKILLed mid-run after the webhook was acknowledged, then after a restart the message is answered once', async () => {
    const graph = new GraphApiFake();
    const graphServer = await graph.listen();
    const env = {
      CRASH_TEST_DATABASE_URL: database.url,
      WHATSAPP_GRAPH_URL: graphServer.url,
      WHATSAPP_APP_SECRET: 'unused-in-worker',
      DEBOUNCE_MS: '100',
      LOG_LEVEL: 'silent',
    };
    try {
      const channel = await startChannel({ database, worker: false, config: { DEBOUNCE_MS: '100' } });
      const tenant = await createTestTenant(database.db);
      const from = '5511977776666';
      await postWebhook(
        channel.app,
        webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: 'quero marcar um corte' }),
      ).expect(200);
      const conversation = await waitFor(() => findConversation(database.db, tenant.id, from));

      const first = spawnWorker({ ...env, RESPONDER_DELAY_MS: '60000' });
      children.push(first.child);
      await waitFor(() => first.output().includes('run-started'), { what: 'first worker run started', timeoutMs: WORKER_STARTUP_MS });
      first.child.kill('SIGKILL');
      await first.exited;
      expect(await outboundMessages(database.db, conversation.id)).toHaveLength(0);

      const second = spawnWorker({ ...env, RESPONDER_DELAY_MS: '0' });
      children.push(second.child);
      await waitFor(async () => (await outboundMessages(database.db, conversation.id)).some((row) => row.status === 'sent'), {
        what: 'reply sent after restart',
        timeoutMs: WORKER_STARTUP_MS,
      });
      await new Promise((resolve) => setTimeout(resolve, 800));
      second.child.kill('SIGTERM');
      await second.exited;

      expect(graph.acceptedTexts()).toEqual(['Resposta para: quero marcar um corte']);
      expect(await outboundMessages(database.db, conversation.id)).toHaveLength(1);
      const inbound = await database.db.message.findMany({ where: { conversationId: conversation.id, direction: 'inbound' } });
      expect(inbound.map((row) => row.status)).toEqual(['processed']);
      // The restarted job resumed the run the killed one had started.
      const runs = await database.db.agentRun.findMany({ where: { conversationId: conversation.id } });
      expect(runs).toHaveLength(1);
      expect(runs[0]).toMatchObject({ status: 'completed', outcome: 'answer' });
      expect(second.output()).toContain(`run-started ${runs[0]!.id}`);
      expect(first.output()).toContain(`run-started ${runs[0]!.id}`);
    } finally {
      await graphServer.close();
    }
  }, 240_000);
});
