import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config/index.js';
import { createHttpApp } from '../../src/http/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { createSandboxOutboxRouter } from '../../src/whatsapp/index.js';
import { createTestConversation, createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';

const { db } = await testDatabase();
const app = createHttpApp({
  db,
  logger: silentLogger,
  routers: [createSandboxOutboxRouter({ db, config: loadConfig({ NODE_ENV: 'test' }) })],
});

async function outbound(tenantId: number, conversationId: number, status: string, text: string, payload?: object) {
  return db.message.create({
    data: { tenantId, conversationId, direction: 'outbound', author: 'bot', type: payload ? 'interactive' : 'text', text, status, payload },
  });
}

describe('GET /sandbox/outbox (development only)', () => {
  it('when messages are sent, then they come oldest first with their buttons, stopping before one still pending', async () => {
    const tenant = await createTestTenant(db, { accessToken: null });
    const { customer, conversation } = await createTestConversation(db, tenant.id);
    const buttons = { type: 'buttons', text: 'Confirma?', buttons: [{ id: 'confirm:yes', title: 'Confirmar' }] };
    const first = await outbound(tenant.id, conversation.id, 'sent', 'Olá!');
    const second = await outbound(tenant.id, conversation.id, 'sent', 'Confirma?', buttons);
    await outbound(tenant.id, conversation.id, 'pending', 'ainda não');
    await outbound(tenant.id, conversation.id, 'sent', 'depois');
    const response = await request(app)
      .get('/sandbox/outbox')
      .query({ phoneNumberId: tenant.phoneNumberId, waId: customer.waId, afterId: 0 });
    expect(response.status).toBe(200);
    expect(response.body.messages.map((message: { text: string }) => message.text)).toEqual(['Olá!', 'Confirma?']);
    expect(response.body.messages[1].interactive).toEqual(buttons);
    expect(response.body.lastId).toBe(second.id);
    const after = await request(app)
      .get('/sandbox/outbox')
      .query({ phoneNumberId: tenant.phoneNumberId, waId: customer.waId, afterId: first.id });
    expect(after.body.messages).toHaveLength(1);
  });

  it('when the tenant has a real access token or is unknown, then 404; a bad query is a 400 naming the field', async () => {
    const live = await createTestTenant(db);
    const { customer } = await createTestConversation(db, live.id);
    const refused = await request(app).get('/sandbox/outbox').query({ phoneNumberId: live.phoneNumberId, waId: customer.waId });
    expect(refused.status).toBe(404);
    expect(refused.body.error.code).toBe('tenant_not_found');
    const bad = await request(app).get('/sandbox/outbox').query({ phoneNumberId: 'abc', waId: customer.waId });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain('phoneNumberId');
  });

  it("when another tenant's customer has the same WhatsApp id, then only this tenant's messages are shown", async () => {
    const sandbox = await createTestTenant(db, { accessToken: null });
    const other = await createTestTenant(db, { accessToken: null });
    const mine = await createTestConversation(db, sandbox.id, { waId: '5511900001234' });
    const theirs = await createTestConversation(db, other.id, { waId: '5511900001234' });
    await outbound(sandbox.id, mine.conversation.id, 'sent', 'para mim');
    await outbound(other.id, theirs.conversation.id, 'sent', 'para o outro salão');
    const response = await request(app).get('/sandbox/outbox').query({ phoneNumberId: sandbox.phoneNumberId, waId: '5511900001234' });
    expect(response.body.messages.map((message: { text: string }) => message.text)).toEqual(['para mim']);
  });
});
