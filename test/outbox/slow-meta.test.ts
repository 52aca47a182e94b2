import { setTimeout as sleep } from 'node:timers/promises';
import { HttpResponse, http } from 'msw';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGraphApiClient, GraphApiError } from '../../src/graph/index.js';
import { applyStatusUpdate, sendOutboundMessage } from '../../src/outbox/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { FAKE_GRAPH_URL } from '../fakes/graph-api.js';
import { type FakeGraph, startFakeGraph } from '../fakes/graph-api-loopback.js';
import { createRandom } from '../fakes/random.js';
import { createOutboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { freePort } from '../support/free-port.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

// Item: with Meta answering after the client's timeout, the client posted again at once and
// the job retried too: the same reply reached the customer twice and the first wamid was lost.
describe('a slow Meta (answers after the client timed out)', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let slowGraph: FakeGraph;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    slowGraph = await startFakeGraph({
      random: createRandom(7),
      latencyMs: [1200, 1200],
      errorRate: 0,
      acceptedTokens: new Set([`EAAG-test-${tenant.slug.slice(6)}`]),
    });
  });
  afterAll(() => slowGraph.close());

  const row = async () => {
    const { conversation } = await createTestConversation(database.db, tenant.id);
    return createOutboundMessage(database.db, { tenantId: tenant.id, conversationId: conversation.id, text: 'Pronto, agendado!' });
  };
  const stored = (id: number) => database.db.message.findUniqueOrThrow({ where: { id } });
  const deliveriesOf = (id: number) => slowGraph.deliveries.filter((delivery) => delivery.callbackData === `outbox:${id}`);
  const slowClient = () =>
    createGraphApiClient({ baseUrl: slowGraph.url, version: 'v23.0', maxRetries: 3, logger: silentLogger, baseDelayMs: 1, timeoutMs: 500 });

  it('when the send times out and its status webhook arrives later, then Meta got one POST and the row records that wamid', async () => {
    const message = await row();
    const deps = { db: database.db, graph: slowClient(), logger: silentLogger, unknownOutcomeWaitMs: 60_000 };
    expect(await sendOutboundMessage(deps, message.id, { attempt: 1, maxAttempts: 8 })).toBe('awaiting_status');
    await sleep(1300);
    expect(deliveriesOf(message.id)).toHaveLength(1);
    expect(await stored(message.id)).toMatchObject({ status: 'sending', waMessageId: null, unknownOutcomes: 1 });
    const checks = await database.db.$queryRaw<{ run_at: Date }[]>`
      SELECT run_at FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
      WHERE t.identifier = 'send-message' AND j.key = ${`send-message-check:${message.id}`}`;
    expect(checks).toHaveLength(1);
    expect(checks[0]!.run_at.getTime()).toBeGreaterThan(Date.now() + 50_000);

    // A retry of the job in the meantime does not post again either.
    expect(await sendOutboundMessage(deps, message.id, { attempt: 2, maxAttempts: 8 })).toBe('awaiting_status');
    await sleep(1300);
    expect(deliveriesOf(message.id)).toHaveLength(1);

    const [delivery] = deliveriesOf(message.id);
    expect(
      await applyStatusUpdate(database.db, {
        tenantId: tenant.id,
        waMessageId: delivery!.wamid,
        status: 'sent',
        callbackData: delivery!.callbackData,
      }),
    ).toBe(true);
    expect(await sendOutboundMessage(deps, message.id, { attempt: 1, maxAttempts: 8 })).toBe('skipped');
    expect(await stored(message.id)).toMatchObject({ status: 'sent', waMessageId: delivery!.wamid });
    expect(deliveriesOf(message.id)).toHaveLength(1);
  }, 30_000);

  it('when no status webhook comes within the wait, then it is sent once more; a second unknown outcome hands the conversation to a person', async () => {
    const message = await row();
    const deps = { db: database.db, graph: slowClient(), logger: silentLogger, unknownOutcomeWaitMs: 600 };
    expect(await sendOutboundMessage(deps, message.id, { attempt: 1, maxAttempts: 8 })).toBe('awaiting_status');
    expect(await sendOutboundMessage(deps, message.id, { attempt: 1, maxAttempts: 8 })).toBe('awaiting_status');
    await sleep(1300);
    expect(deliveriesOf(message.id)).toHaveLength(1);
    // The wait is over: sent again (times out again: a second unknown outcome).
    expect(await sendOutboundMessage(deps, message.id, { attempt: 1, maxAttempts: 8 })).toBe('awaiting_status');
    await sleep(1300);
    expect(deliveriesOf(message.id)).toHaveLength(2);
    expect(await sendOutboundMessage(deps, message.id, { attempt: 1, maxAttempts: 8 })).toBe('failed');
    expect(await stored(message.id)).toMatchObject({ status: 'failed', errorCode: 'outcome_unknown' });
    expect(await database.db.handoff.findMany({ where: { conversationId: message.conversationId } })).toMatchObject([
      { reason: 'delivery_failed' },
    ]);
    expect(deliveriesOf(message.id)).toHaveLength(2);
  }, 30_000);

  it('when a previous attempt died mid-send (row still sending), then the next attempt waits for the status webhook instead of posting', async () => {
    const message = await row();
    await database.db.message.update({ where: { id: message.id }, data: { status: 'sending' } });
    const deps = { db: database.db, graph: slowClient(), logger: silentLogger, unknownOutcomeWaitMs: 60_000 };
    expect(await sendOutboundMessage(deps, message.id, { attempt: 2, maxAttempts: 8 })).toBe('awaiting_status');
    await sleep(100);
    expect(deliveriesOf(message.id)).toHaveLength(0);
    expect(await stored(message.id)).toMatchObject({ status: 'sending', unknownOutcomes: 1 });
  });
});

describe('Graph API failures: which prove Meta did not take the message', () => {
  const target = { phoneNumberId: '106540352242922', accessToken: 'EAAG-token' };
  const body = { messaging_product: 'whatsapp', to: '5511987654321', type: 'text', text: { body: 'Oi' } };
  let closedPort: number;
  beforeAll(async () => {
    // A port nobody listens on: connection refused.
    closedPort = await freePort();
  });

  it('when the connection is refused, then it is retried and reported as retryable (never reached Meta)', async () => {
    const client = createGraphApiClient({
      baseUrl: `http://127.0.0.1:${closedPort}`,
      version: 'v23.0',
      maxRetries: 2,
      logger: silentLogger,
      baseDelayMs: 1,
    });
    const failure = await client.sendMessage(target, body).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GraphApiError);
    expect(failure).toMatchObject({ retryable: true, outcomeUnknown: false });
  });

  it('when a 502 comes without Meta error body, then the outcome is unknown and it is not posted again', async () => {
    let posts = 0;
    mswServer.use(
      http.post(`${FAKE_GRAPH_URL}/:version/:phone/messages`, () => {
        posts++;
        return new HttpResponse('<html>Bad Gateway</html>', { status: 502, headers: { 'content-type': 'text/html' } });
      }),
    );
    const client = createGraphApiClient({ baseUrl: FAKE_GRAPH_URL, version: 'v23.0', maxRetries: 3, logger: silentLogger, baseDelayMs: 1 });
    const failure = await client.sendMessage(target, body).catch((error: unknown) => error);
    expect(failure).toMatchObject({ httpStatus: 502, retryable: false, outcomeUnknown: true });
    expect(posts).toBe(1);
  });

  it('when the connection drops after the request was sent, then the outcome is unknown and it is not posted again', async () => {
    let posts = 0;
    mswServer.use(
      http.post(`${FAKE_GRAPH_URL}/:version/:phone/messages`, () => {
        posts++;
        return HttpResponse.error();
      }),
    );
    const client = createGraphApiClient({ baseUrl: FAKE_GRAPH_URL, version: 'v23.0', maxRetries: 3, logger: silentLogger, baseDelayMs: 1 });
    const failure = await client.sendMessage(target, body).catch((error: unknown) => error);
    expect(failure).toMatchObject({ retryable: false, outcomeUnknown: true });
    expect(posts).toBe(1);
  });
});
