import { Writable } from 'node:stream';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServiceResponderChooser } from '../../src/boot/index.js';
import { createLogger } from '../../src/shared/index.js';
import { installScriptedClaude, text, toolCalls } from '../fakes/anthropic.js';
import { GraphApiFake } from '../fakes/graph-api.js';
import { newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  type Channel,
  findConversation,
  isQueueIdle,
  outboundMessages,
  postWebhook,
  startChannel,
  TEST_VERIFY_TOKEN,
  waitFor,
} from './channel-harness.js';

const API_KEY = 'sk-ant-api03-log-privacy-secret';

interface LogLine {
  level: number;
  msg?: string;
  [field: string]: unknown;
}

describe('what the logs hold', () => {
  let database: TestDatabase;
  let channel: Channel;
  let tenant: TestTenant;
  const lines: LogLine[] = [];
  beforeAll(async () => {
    database = await testDatabase();
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    channel = await startChannel({
      database,
      config: { ANTHROPIC_API_KEY: API_KEY, ANTHROPIC_MAX_RETRIES: '0' },
      logger: createLogger('trace', undefined, sink),
    });
    tenant = await createTestTenant(database.db);
  });
  afterAll(async () => channel.stop());

  it('when a customer writes and the agent answers (one send failing once), then no phone, message text or secret is logged above debug', async () => {
    const graph = new GraphApiFake().script(503).install();
    const claude = installScriptedClaude(mswServer);
    claude.enqueue(
      toolCalls([{ name: 'meus_agendamentos', input: {} }]),
      text('Joana, você não tem horários marcados. Quer agendar um corte?'),
    );
    const choose = createServiceResponderChooser(channel.deps);
    channel.useResponder(await choose({ tenantId: tenant.id, conversationId: 0, assistantState: null }));
    const from = `5511${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const body = 'Oi, aqui é a Joana Prado, CPF 123.456.789-00, quero ver meus horários';

    await request(channel.app)
      .get('/webhooks/whatsapp')
      .query({ 'hub.mode': 'subscribe', 'hub.verify_token': TEST_VERIFY_TOKEN, 'hub.challenge': '42' })
      .expect(200);
    await postWebhook(
      channel.app,
      webhookFixture('text', { phoneNumberId: tenant.phoneNumberId, from, text: body, messageId: newWamid() }),
    ).expect(200);
    const conversation = await waitFor(() => findConversation(database.db, tenant.id, from), { what: 'conversation' });
    await waitFor(
      async () => {
        const rows = await outboundMessages(database.db, conversation.id);
        return rows.length > 0 && rows.every((row) => row.status === 'sent') && (await isQueueIdle(database.db));
      },
      { what: 'reply sent' },
    );
    expect(graph.sends().map((send) => send.answeredStatus)).toEqual([503, 200]);

    const above = lines.filter((line) => line.level > 20);
    // the capture works: the run, the request and the retried send are all there
    expect(above.map((line) => line.msg)).toEqual(
      expect.arrayContaining(['conversation run finished', 'request completed', 'graph api send failed; retrying']),
    );
    const logged = JSON.stringify(above);
    for (const secret of [
      from,
      from.slice(-8),
      'Joana',
      '123.456.789-00',
      'quero ver meus horários',
      API_KEY,
      `EAAG-test-${tenant.id}`,
      TEST_VERIFY_TOKEN,
    ]) {
      expect(logged, `"${secret}" logged above debug`).not.toContain(secret);
    }
  });
});
