import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { createGraphApiClient, GraphApiError, toGraphMessage } from '../../src/graph/index.js';
import { sendOutboundMessage } from '../../src/outbox/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { FAKE_GRAPH_URL, GraphApiFake } from '../fakes/graph-api.js';
import { createOutboundMessage, createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { mswServer } from '../support/msw.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const client = () =>
  createGraphApiClient({ baseUrl: FAKE_GRAPH_URL, version: 'v23.0', maxRetries: 3, logger: silentLogger, baseDelayMs: 1 });
const target = { phoneNumberId: '106540352242922', accessToken: 'EAAG-token' };
const textBody = toGraphMessage('5511987654321', { type: 'text', text: 'Olá!', payload: null });

describe('Graph API client', () => {
  it('when Meta answers 429 then 200, then the message is sent on the retry', async () => {
    const graph = new GraphApiFake().script(429).install();
    const result = await client().sendMessage(target, textBody);
    expect(result.waMessageId).toMatch(/^wamid\./);
    expect(graph.sends().map((request) => request.answeredStatus)).toEqual([429, 200]);
    expect(graph.sends()[0]).toMatchObject({ version: 'v23.0', phoneNumberId: target.phoneNumberId, authorization: 'Bearer EAAG-token' });
  });

  it('when the connection fails after the request may have been written, then it is not retried (unknown outcome)', async () => {
    const graph = new GraphApiFake().install();
    let failed = false;
    mswServer.use(
      http.post(`${FAKE_GRAPH_URL}/:version/:phone/messages`, () => {
        if (failed) return undefined;
        failed = true;
        return HttpResponse.error();
      }),
    );
    await expect(client().sendMessage(target, textBody)).rejects.toMatchObject({ outcomeUnknown: true, retryable: false });
    expect(graph.sends()).toHaveLength(0);
  });

  it('when Meta keeps answering 503, then it gives up after the bounded retries with a retryable error', async () => {
    const graph = new GraphApiFake().script(503, 503, 503, 503, 503, 503).install();
    const failure = await client()
      .sendMessage(target, textBody)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GraphApiError);
    expect(failure).toMatchObject({ httpStatus: 503, retryable: true, metaCode: '2' });
    expect(graph.sends()).toHaveLength(4);
  });

  it('when Meta answers 400, then it is not retried and the error carries Meta code and title', async () => {
    const graph = new GraphApiFake().script(400).install();
    const failure = await client()
      .sendMessage(target, textBody)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ httpStatus: 400, retryable: false, metaCode: '131030' });
    expect(graph.sends()).toHaveLength(1);
  });

  it('when a list reply is turned into a Graph message, then it is an interactive list within WhatsApp limits', () => {
    const body = toGraphMessage('5511987654321', {
      type: 'interactive',
      text: 'Escolha um horário:',
      payload: {
        type: 'list',
        text: 'Escolha um horário:',
        buttonLabel: 'Ver horários disponíveis agora',
        sections: [{ title: 'Terça', rows: [{ id: 'slot-1', title: 'Terça 01/12 às 10:00 com a Ana', description: 'Corte' }] }],
      },
    });
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '5511987654321',
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Escolha um horário:' },
        action: {
          button: 'Ver horários dispon…',
          sections: [{ title: 'Terça', rows: [{ id: 'slot-1', title: 'Terça 01/12 às 10:00 co…', description: 'Corte' }] }],
        },
      },
    });
  });
});

describe('sendOutboundMessage', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
  });

  it('when the send job runs again for a row already sent, then nothing is sent twice', async () => {
    const graph = new GraphApiFake().install();
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const row = await createOutboundMessage(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      text: 'Oi!',
      status: 'pending',
    });
    const deps = { db: database.db, graph: client(), logger: silentLogger };
    expect(await sendOutboundMessage(deps, row.id, { attempt: 1, maxAttempts: 5 })).toBe('sent');
    expect(await sendOutboundMessage(deps, row.id, { attempt: 2, maxAttempts: 5 })).toBe('skipped');
    expect(graph.sends()).toHaveLength(1);
    const stored = await database.db.message.findUniqueOrThrow({ where: { id: row.id } });
    expect(stored).toMatchObject({ status: 'sent', attempts: 1 });
    expect(stored.sentAt).not.toBeNull();
  });

  it('when retries are exhausted on the last job attempt, then the row is failed instead of retried forever and a person follows up', async () => {
    new GraphApiFake().script(500, 500, 500, 500).install();
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const row = await createOutboundMessage(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      text: 'Oi!',
      status: 'pending',
    });
    const deps = { db: database.db, graph: client(), logger: silentLogger };
    expect(await sendOutboundMessage(deps, row.id, { attempt: 5, maxAttempts: 5 })).toBe('failed');
    expect(await database.db.message.findUniqueOrThrow({ where: { id: row.id } })).toMatchObject({ status: 'failed', errorCode: '1' });
    expect(await database.db.handoff.findMany({ where: { conversationId: conversation.id } })).toMatchObject([
      { reason: 'delivery_failed', status: 'pending' },
    ]);
  });

  it('when a transient failure will be retried, then no handoff is opened yet', async () => {
    new GraphApiFake().script(500, 500, 500, 500).install();
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const row = await createOutboundMessage(database.db, { tenantId: tenant.id, conversationId: conversation.id, status: 'pending' });
    const deps = { db: database.db, graph: client(), logger: silentLogger };
    await expect(sendOutboundMessage(deps, row.id, { attempt: 1, maxAttempts: 5 })).rejects.toBeInstanceOf(GraphApiError);
    expect(await database.db.handoff.count({ where: { conversationId: conversation.id } })).toBe(0);
  });

  it('when a transient failure happens before the last attempt, then the row returns to pending and the job retries', async () => {
    new GraphApiFake().script(500, 500, 500, 500).install();
    const { conversation } = await createTestConversation(database.db, tenant.id);
    const row = await createOutboundMessage(database.db, {
      tenantId: tenant.id,
      conversationId: conversation.id,
      text: 'Oi!',
      status: 'pending',
    });
    const deps = { db: database.db, graph: client(), logger: silentLogger };
    await expect(sendOutboundMessage(deps, row.id, { attempt: 1, maxAttempts: 5 })).rejects.toBeInstanceOf(GraphApiError);
    expect((await database.db.message.findUniqueOrThrow({ where: { id: row.id } })).status).toBe('pending');
  });
});
