import request from 'supertest';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGraphApiClient } from '../../src/graph/index.js';
import { requestHandoff } from '../../src/handoff/index.js';
import { sendOutboundMessage } from '../../src/outbox/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { FAKE_GRAPH_URL, GraphApiFake } from '../fakes/graph-api.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

// Issue 29 item 4: a message delivered after the 24-hour window becomes an `outside_window`
// handoff, and the attendant needs a way back to the customer: an approved template.
describe('POST /admin/conversations/:id/reopen', () => {
  let database: TestDatabase;
  let salon: TestTenant;
  let other: TestTenant;
  let graph: GraphApiFake;
  const closedAt = () => new Date(Date.now() - 30 * 3_600_000);
  const reopen = (tenant: TestTenant, conversationId: number) =>
    request(createAdminTestApp(database.db)).post(`/admin/conversations/${conversationId}/reopen`).set(bearer(tenant.apiKey)).send({});

  beforeAll(async () => {
    database = await testDatabase();
    salon = await createTestTenant(database.db, { name: 'Salão da Ana' });
    other = await createTestTenant(database.db);
    for (const tenant of [salon, other])
      await database.db.tenant.update({
        where: { id: tenant.id },
        data: { templates: { reopenConversation: { name: 'retomar_conversa', language: 'pt_BR' } } },
      });
  });
  beforeEach(() => {
    graph = new GraphApiFake().install();
  });

  it('when the window is closed, then the template is queued and Meta receives a Cloud API template message', async () => {
    const { conversation, customer } = await createTestConversation(database.db, salon.id, { name: 'Joana', lastInboundAt: closedAt() });
    await requestHandoff(database.db, { tenantId: salon.id, conversationId: conversation.id, reason: 'outside_window' });
    const detail = await request(createAdminTestApp(database.db))
      .get(`/admin/conversations/${conversation.id}`)
      .set(bearer(salon.apiKey))
      .expect(200);
    expect(detail.body.customerWindow).toEqual({ open: false, reopenTemplate: 'retomar_conversa' });

    const response = await reopen(salon, conversation.id).expect(202);
    const row = await database.db.message.findUniqueOrThrow({ where: { id: response.body.messageId } });
    expect(row).toMatchObject({
      conversationId: conversation.id,
      direction: 'outbound',
      author: 'attendant',
      type: 'template',
      status: 'pending',
    });

    const client = createGraphApiClient({ baseUrl: FAKE_GRAPH_URL, version: 'v23.0', maxRetries: 0, logger: silentLogger, baseDelayMs: 1 });
    expect(
      await sendOutboundMessage({ db: database.db, graph: client, logger: silentLogger }, row.id, { attempt: 1, maxAttempts: 8 }),
    ).toBe('sent');
    expect(graph.sends().map((send) => send.body)).toMatchObject([
      {
        messaging_product: 'whatsapp',
        to: customer.waId,
        type: 'template',
        template: {
          name: 'retomar_conversa',
          language: { code: 'pt_BR' },
          components: [
            {
              type: 'body',
              parameters: [
                { type: 'text', text: 'Joana' },
                { type: 'text', text: 'Salão da Ana' },
              ],
            },
          ],
        },
      },
    ]);
  });

  it("when another tenant's conversation id is given, then 404 and nothing is queued", async () => {
    const { conversation } = await createTestConversation(database.db, other.id, { lastInboundAt: closedAt() });
    const response = await reopen(salon, conversation.id).expect(404);
    expect(response.body.error.code).toBe('not_found');
    expect(await database.db.message.count({ where: { conversationId: conversation.id } })).toBe(0);
  });

  it('when the window is still open, then 422 customer_window_open (a plain reply works) and nothing is queued', async () => {
    const { conversation } = await createTestConversation(database.db, salon.id);
    const response = await reopen(salon, conversation.id).expect(422);
    expect(response.body.error.code).toBe('customer_window_open');
    expect(await database.db.message.count({ where: { conversationId: conversation.id } })).toBe(0);
  });

  it('when the tenant names no reopen template, then 422 reopen_template_missing and the console is not offered one', async () => {
    const bare = await createTestTenant(database.db);
    const { conversation } = await createTestConversation(database.db, bare.id, { lastInboundAt: closedAt() });
    expect((await reopen(bare, conversation.id).expect(422)).body.error.code).toBe('reopen_template_missing');
    const detail = await request(createAdminTestApp(database.db))
      .get(`/admin/conversations/${conversation.id}`)
      .set(bearer(bare.apiKey))
      .expect(200);
    expect(detail.body.customerWindow).toEqual({ open: false, reopenTemplate: null });
  });
});
