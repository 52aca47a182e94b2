import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { eraseExpiredData } from '../../src/privacy/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { bearer, createAdminTestApp } from '../admin/admin-test-app.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { createCustomerWithData, dumpDatabaseText } from './privacy-test-kit.js';

const DAY_MS = 86_400_000;

describe('retention job', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let strictTenant: TestTenant;
  const now = new Date();

  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    strictTenant = await createTestTenant(database.db);
    await database.db.tenant.update({ where: { id: strictTenant.id }, data: { retentionDays: 30 } });
    const aged = new Date(now.getTime() - 200 * DAY_MS);
    await createCustomerWithData(database.db, tenant, 'VELHO1001', { waId: '5511910010001', startsAt: aged, createdAt: aged });
    await createCustomerWithData(database.db, tenant, 'NOVO2002', {
      waId: '5511920020002',
      startsAt: new Date(now.getTime() + DAY_MS),
      createdAt: new Date(now.getTime() - 10 * DAY_MS),
    });
    // 60 days old: kept under the default 180 days, erased under the strict tenant's 30.
    const sixtyDaysAgo = new Date(now.getTime() - 60 * DAY_MS);
    await createCustomerWithData(database.db, strictTenant, 'MEIO3003', {
      waId: '5511930030003',
      startsAt: sixtyDaysAgo,
      createdAt: sixtyDaysAgo,
    });
    // Webhook items that could not be stored keep raw bodies: they expire like messages.
    const deadLetter = (tenantId: number, body: string, createdAt: Date) =>
      database.db.webhookDeadLetter.create({
        data: { tenantId, field: 'messages', kind: 'message', raw: JSON.stringify({ text: { body } }), error: 'test', createdAt },
      });
    await deadLetter(tenant.id, 'morto VELHO1001', new Date(now.getTime() - 200 * DAY_MS));
    await deadLetter(tenant.id, 'morto NOVO2002', new Date(now.getTime() - 10 * DAY_MS));
    await deadLetter(strictTenant.id, 'morto MEIO3003', sixtyDaysAgo);
  });

  it('erases old bodies and history per tenant and keeps appointments, handoffs and stats', async () => {
    const app = createAdminTestApp(database.db);
    const period = `from=${new Date(now.getTime() - 400 * DAY_MS).toISOString().slice(0, 10)}&to=${new Date(now.getTime() + DAY_MS).toISOString().slice(0, 10)}`;
    const statsBefore = await request(app).get(`/admin/stats/handoff-reasons?${period}`).set(bearer(tenant.apiKey));
    const counts = async () => ({
      messages: await database.db.message.count(),
      appointments: await database.db.appointment.count(),
      handoffs: await database.db.handoff.count(),
      runs: await database.db.agentRun.count(),
    });
    const before = await counts();

    const erased = await eraseExpiredData(database.db, { now, logger: silentLogger });

    expect(erased.rows).toMatchObject({
      messages: 4,
      agent_history: 2,
      agent_tool_calls: 2,
      agent_runs: 2,
      handoffs: 2,
      conversation_notes: 2,
      webhook_dead_letters: 2,
    });
    const dump = await dumpDatabaseText(database.url);
    expect(dump).not.toContain('quero marcar VELHO1001');
    expect(dump).not.toContain('quero marcar MEIO3003');
    expect(dump).not.toContain('pediu VELHO1001');
    expect(dump).toContain('quero marcar NOVO2002');
    expect(dump).toContain('pediu NOVO2002');
    expect(dump).not.toContain('cliente VELHO1001 prefere sábado');
    expect(dump).toContain('cliente NOVO2002 prefere sábado');
    expect(dump).not.toContain('morto VELHO1001');
    expect(dump).not.toContain('morto MEIO3003');
    expect(dump).toContain('morto NOVO2002');
    // Rows that stats count stay; only their bodies went.
    expect(await counts()).toEqual({ ...before, messages: before.messages });
    const oldMessages = await database.db.message.findMany({
      where: { tenantId: tenant.id, createdAt: { lt: new Date(now.getTime() - 100 * DAY_MS) } },
    });
    expect(oldMessages).toHaveLength(2);
    expect(oldMessages.every((message) => message.text === null && message.payload === null)).toBe(true);
    const statsAfter = await request(app).get(`/admin/stats/handoff-reasons?${period}`).set(bearer(tenant.apiKey));
    expect(statsAfter.status).toBe(200);
    expect(statsAfter.body).toEqual(statsBefore.body);

    const again = await eraseExpiredData(database.db, { now, logger: silentLogger });
    expect(Object.values(again.rows).every((count) => count === 0)).toBe(true);
  });
});
