import { beforeAll, describe, expect, it } from 'vitest';
import { createGraphApiClient, GraphApiError } from '../../src/graph/index.js';
import { classifyMetaError } from '../../src/outbox/classify-meta-error.js';
import { sendOutboundMessage } from '../../src/outbox/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { FAKE_GRAPH_URL, GraphApiFake, metaErrorBody } from '../fakes/graph-api.js';
import { createOutboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const ERRORS = {
  131056: metaErrorBody(
    131056,
    '(Business Account, Consumer Account) pair rate limit hit',
    'Message failed to send because there were too many messages sent from this phone number to the same phone number in a short period of time.',
  ),
  130429: metaErrorBody(130429, 'Rate limit hit', 'Cloud API message throughput has been reached.'),
  131026: metaErrorBody(131026, 'Message Undeliverable.', 'Message Undeliverable.'),
  131047: metaErrorBody(
    131047,
    'Re-engagement message',
    'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
  ),
  131049: metaErrorBody(
    131049,
    'This message was not delivered to maintain healthy ecosystem engagement.',
    'In order to maintain a healthy ecosystem engagement, the message failed to be delivered.',
  ),
  132001: metaErrorBody(
    132001,
    'Template name does not exist in the translation',
    'template name (lembrete_agendamento) does not exist in pt_BR',
  ),
} as const;

describe("Meta's error codes take their own paths", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });
  const client = () =>
    createGraphApiClient({ baseUrl: FAKE_GRAPH_URL, version: 'v23.0', maxRetries: 2, logger: silentLogger, baseDelayMs: 1 });
  const deps = () => ({ db: database.db, graph: client(), logger: silentLogger });
  const pendingRow = async (tenant: TestTenant) => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const row = await createOutboundMessage(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      status: 'pending',
      text: 'Seu horário está confirmado.',
    });
    return { row, conversationId: conversation.id };
  };
  const rowOf = (id: number) => database.db.message.findUniqueOrThrow({ where: { id } });
  const handoffsOf = (conversationId: number) => database.db.handoff.findMany({ where: { conversationId } });

  it('when 131056 (too many messages to this user), then only this send backs off: the job retries, the row waits pending, nobody is called', async () => {
    const tenant = await createTestTenant(database.db);
    const graph = new GraphApiFake().script({ status: 400, body: ERRORS[131056] }).install();
    const { row, conversationId } = await pendingRow(tenant);
    await expect(sendOutboundMessage(deps(), row.id, { attempt: 1, maxAttempts: 8 })).rejects.toMatchObject({ metaCode: '131056' });
    expect(await rowOf(row.id)).toMatchObject({ status: 'pending' });
    expect(await handoffsOf(conversationId)).toHaveLength(0);
    // another customer of the same number is not held back
    const other = await pendingRow(tenant);
    expect(await sendOutboundMessage(deps(), other.row.id, { attempt: 1, maxAttempts: 8 })).toBe('sent');
    // and the retried job sends it
    expect(await sendOutboundMessage(deps(), row.id, { attempt: 2, maxAttempts: 8 })).toBe('sent');
    expect(graph.sends().map((send) => send.answeredStatus)).toEqual([400, 200, 200]);
  });

  it("when 130429 (the number's throughput), then every send from that number waits without calling Meta, other numbers go on", async () => {
    const tenant = await createTestTenant(database.db);
    const otherTenant = await createTestTenant(database.db);
    const graph = new GraphApiFake().script({ status: 400, body: ERRORS[130429] }).install();
    const first = await pendingRow(tenant);
    await expect(sendOutboundMessage(deps(), first.row.id, { attempt: 1, maxAttempts: 8 })).rejects.toMatchObject({ metaCode: '130429' });
    const second = await pendingRow(tenant);
    await expect(sendOutboundMessage(deps(), second.row.id, { attempt: 1, maxAttempts: 8 })).rejects.toBeInstanceOf(GraphApiError);
    expect(graph.sends()).toHaveLength(1); // the paused number's second send never reached Meta
    expect(await rowOf(second.row.id)).toMatchObject({ status: 'pending' });
    const elsewhere = await pendingRow(otherTenant);
    expect(await sendOutboundMessage(deps(), elsewhere.row.id, { attempt: 1, maxAttempts: 8 })).toBe('sent');
    expect(await handoffsOf(first.conversationId)).toHaveLength(0);
  });

  it.each([
    [131026, 'undeliverable'],
    [131047, 'window_closed'],
    [131049, 'no_retry'],
    [132001, 'no_retry'],
  ] as const)('when %s, then the row fails on the first attempt, is never retried, and a person follows up', async (code, kind) => {
    expect(classifyMetaError({ metaCode: String(code) }).kind).toBe(kind);
    const tenant = await createTestTenant(database.db);
    const graph = new GraphApiFake().script({ status: 400, body: ERRORS[code] }).install();
    const { row, conversationId } = await pendingRow(tenant);
    expect(await sendOutboundMessage(deps(), row.id, { attempt: 1, maxAttempts: 8 })).toBe('failed');
    expect(await rowOf(row.id)).toMatchObject({ status: 'failed', errorCode: String(code) });
    expect(await handoffsOf(conversationId)).toMatchObject([{ reason: 'delivery_failed', status: 'pending' }]);
    expect(await sendOutboundMessage(deps(), row.id, { attempt: 2, maxAttempts: 8 })).toBe('skipped');
    expect(graph.sends()).toHaveLength(1);
  });

  it('when 131049 arrives with a retryable HTTP status, then it is still not retried (no retry loop)', async () => {
    const tenant = await createTestTenant(database.db);
    const graph = new GraphApiFake().script(...[1, 2, 3].map(() => ({ status: 503, body: ERRORS[131049] }))).install();
    const { row } = await pendingRow(tenant);
    expect(await sendOutboundMessage(deps(), row.id, { attempt: 1, maxAttempts: 8 })).toBe('failed');
    expect(graph.sends().length).toBeLessThanOrEqual(3); // the client's own bounded retries, then no job retries
  });
});
