import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { storeInboundMessage } from '../../src/whatsapp/index.js';
import { bearer, createAdminTestApp } from '../admin/admin-test-app.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { createCustomerWithData, dumpDatabaseText } from './privacy-test-kit.js';

const schedule = { debounceMs: 60_000, maxWaitMs: 60_000, maxAttempts: 5 };
const tomorrow = () => new Date(Date.now() + 86_400_000);

describe('LGPD requests: export and erasure of one customer', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let otherTenant: TestTenant;
  let app: ReturnType<typeof createAdminTestApp>;
  let subject: Awaited<ReturnType<typeof createCustomerWithData>>;

  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    otherTenant = await createTestTenant(database.db);
    app = createAdminTestApp(database.db);
    subject = await createCustomerWithData(database.db, tenant, 'ALVO7731', { waId: '5511977310001', startsAt: tomorrow() });
    const neighbour = await createCustomerWithData(database.db, tenant, 'VIZINHA4420', {
      waId: '5511944200002',
      startsAt: new Date(tomorrow().getTime() + 3_600_000),
    });
    await createCustomerWithData(database.db, otherTenant, 'OUTRO9915', { waId: '5511991509915', startsAt: tomorrow() });
    // A customer also known by business-scoped user id and username, and webhook items that
    // could not be stored (dead letters keep Meta's raw JSON: phones, names, bodies).
    await database.db.customer.update({
      where: { id: subject.customer.id },
      data: { bsuid: 'BR.ALVO7731', parentBsuid: 'BR.PARENT.ALVO7731', username: 'ALVO7731.user' },
    });
    const deadLetter = (tenantId: number, raw: unknown) =>
      database.db.webhookDeadLetter.create({
        data: { tenantId, phoneNumberId: '1', field: 'messages', kind: 'message', raw: JSON.stringify(raw), error: 'test' },
      });
    await deadLetter(tenant.id, {
      contacts: [{ wa_id: '5511977310001' }],
      messages: [{ from: '5511977310001', text: { body: 'morto ALVO7731' } }],
    });
    await deadLetter(tenant.id, {
      contacts: [{ user_id: 'BR.ALVO7731' }],
      messages: [{ from_user_id: 'BR.ALVO7731', text: { body: 'bsuid ALVO7731' } }],
    });
    await deadLetter(tenant.id, {
      contacts: [{ wa_id: '5511944200002' }],
      messages: [{ from: '5511944200002', text: { body: 'morto VIZINHA4420' } }],
    });
    await deadLetter(otherTenant.id, { messages: [{ from: '5511991509915', text: { body: 'morto OUTRO9915' } }] }); // What each asked the waitlist for.
    const wish = (customerId: number, tenantId: number) =>
      database.db.waitlistEntry.create({
        data: { tenantId, customerId, serviceId: tenant.services[0]!.id, date: '2026-12-20', period: 'tarde', expiresAt: tomorrow() },
      });
    await wish(subject.customer.id, tenant.id);
    await wish(neighbour.customer.id, tenant.id);
  });

  it('exports every row about the customer and nothing about anyone else', async () => {
    const response = await request(app).get(`/admin/customers/${subject.customer.id}/export`).set(bearer(tenant.apiKey));
    expect(response.status).toBe(200);
    const body = JSON.stringify(response.body);
    expect(body).not.toContain('VIZINHA4420');
    expect(body).not.toContain('OUTRO9915');
    const counts = Object.fromEntries(
      Object.entries(response.body.tables as Record<string, unknown[]>).map(([t, rows]) => [t, rows.length]),
    );
    expect(counts).toEqual({
      customers: 1,
      conversations: 1,
      appointments: 1,
      messages: 2,
      agent_history: 1,
      conversation_notes: 1,
      handoffs: 1,
      agent_runs: 1,
      agent_tool_calls: 1,
      appointment_events: 0,
      appointment_reminders: 0,
      waitlist_entries: 1,
      waitlist_offers: 0,
      deposits: 0,
      webhook_dead_letters: 2,
    });
    for (const text of [
      'quero marcar ALVO7731',
      'Oi, Cliente ALVO7731!',
      'pediu ALVO7731',
      'cliente ALVO7731 prefere sábado',
      'falhou para ALVO7731',
      '5511977310001',
      'morto ALVO7731',
      'bsuid ALVO7731',
      'ALVO7731.user',
    ])
      expect(body).toContain(text);
    const logged = await database.db.privacyRequest.findMany({ where: { tenantId: tenant.id, customerId: subject.customer.id } });
    expect(logged.map((row) => row.kind)).toEqual(['export']);
    expect(JSON.stringify(logged)).not.toContain('ALVO7731');
  });

  it("answers 404 for another tenant's customer on both routes, and changes nothing", async () => {
    const exported = await request(app).get(`/admin/customers/${subject.customer.id}/export`).set(bearer(otherTenant.apiKey));
    expect(exported.status).toBe(404);
    expect(exported.body.error.code).toBe('not_found');
    const erased = await request(app).delete(`/admin/customers/${subject.customer.id}`).set(bearer(otherTenant.apiKey));
    expect(erased.status).toBe(404);
    expect(await database.db.customer.findUnique({ where: { id: subject.customer.id } })).toMatchObject({ name: 'Cliente ALVO7731' });
    expect((await request(app).get('/admin/customers/abc/export').set(bearer(tenant.apiKey))).status).toBe(400);
  });

  it('erases the personal data: a dump of every table holds no phone, name or text of theirs; records and stats stay', async () => {
    const before = {
      appointments: await database.db.appointment.count({ where: { tenantId: tenant.id } }),
      handoffs: await database.db.handoff.count({ where: { tenantId: tenant.id } }),
      runs: await database.db.agentRun.count({ where: { tenantId: tenant.id } }),
    };
    const response = await request(app).delete(`/admin/customers/${subject.customer.id}`).set(bearer(tenant.apiKey));
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      erased: true,
      rows: {
        messages: 2,
        agent_history: 1,
        conversation_notes: 1,
        agent_tool_calls: 1,
        customers: 1,
        webhook_dead_letters: 2,
        waitlist_entries: 1,
      },
    });
    expect(await database.db.waitlistEntry.count({ where: { tenantId: tenant.id } })).toBe(1);

    const dump = await dumpDatabaseText(database.url);
    expect(dump).not.toContain('ALVO7731');
    expect(dump).not.toContain('5511977310001');
    expect(dump).toContain('VIZINHA4420');
    expect(dump).toContain('OUTRO9915');
    expect(dump).toContain('morto VIZINHA4420');
    expect(dump).toContain('morto OUTRO9915');
    expect(await database.db.customer.findUniqueOrThrow({ where: { id: subject.customer.id } })).toMatchObject({
      name: null,
      bsuid: null,
      parentBsuid: null,
      username: null,
    });

    expect(await database.db.appointment.findUnique({ where: { id: subject.appointment.id } })).toMatchObject({
      customerId: subject.customer.id,
      status: 'booked',
    });
    expect(await database.db.appointment.count({ where: { tenantId: tenant.id } })).toBe(before.appointments);
    expect(await database.db.handoff.count({ where: { tenantId: tenant.id } })).toBe(before.handoffs);
    expect(await database.db.agentRun.count({ where: { tenantId: tenant.id } })).toBe(before.runs);
    const logged = await database.db.privacyRequest.findMany({ where: { customerId: subject.customer.id }, orderBy: { id: 'asc' } });
    expect(logged.map((row) => row.kind)).toEqual(['export', 'erasure']);
  });

  it('a later message from the same number starts fresh as a new customer', async () => {
    const stored = await storeInboundMessage(
      database.db,
      {
        tenantId: tenant.id,
        waId: '5511977310001',
        bsuid: null,
        parentBsuid: null,
        username: null,
        profileName: null,
        waMessageId: 'wamid.after-erasure',
        sentAt: new Date(),
        content: { type: 'text', text: 'oi de novo', replyId: null, status: 'received', effect: null },
        referral: null,
        raw: {},
      },
      schedule,
    );
    expect(stored).not.toBeNull();
    expect(stored?.conversationId).not.toBe(subject.conversation.id);
    const customer = await database.db.customer.findFirst({ where: { tenantId: tenant.id, waId: '5511977310001' } });
    expect(customer?.id).not.toBe(subject.customer.id);
    expect(customer?.name).toBeNull();
  });
});
