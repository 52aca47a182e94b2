import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { joinWaitlist } from '../../src/scheduling/waitlist/index.js';
import { accepted } from '../scheduling/scheduling-test-kit.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { workdayAhead } from '../waitlist-offers/waitlist-test-kit.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

describe('GET /admin/waitlist', () => {
  let database: TestDatabase;
  let tenant: TestTenant;
  let other: TestTenant;
  beforeAll(async () => {
    database = await testDatabase();
    tenant = await createTestTenant(database.db);
    other = await createTestTenant(database.db);
  });

  const joinAs = async (salon: TestTenant, waId: string, wish: { period: 'manha' | 'tarde' | null; professional: number | null }) => {
    const { customer } = await createTestConversation(database.db, salon.id, { waId, name: 'Júlia' });
    const joined = accepted(
      await joinWaitlist(database.db, {
        tenantId: salon.id,
        customerId: customer.id,
        serviceId: salon.services[0]!.id,
        professionalId: wish.professional === null ? null : salon.professionals[wish.professional]!.id,
        date: workdayAhead(3),
        period: wish.period,
        now: new Date(),
      }),
    );
    return { customerId: customer.id, entryId: joined.entry.id };
  };

  it('when staff list the waitlist, then they see their tenant’s open entries oldest first, with the customer’s full phone, and none of another tenant’s', async () => {
    const first = await joinAs(tenant, '5511955551001', { period: 'tarde', professional: 0 });
    const second = await joinAs(tenant, '5511955551002', { period: null, professional: null });
    await joinAs(other, '5511955551003', { period: 'manha', professional: null });
    const app = createAdminTestApp(database.db);

    const response = await request(app).get('/admin/waitlist').set(bearer(tenant.apiKey));

    expect(response.status).toBe(200);
    expect(response.body.items).toEqual([
      {
        id: first.entryId,
        customer: { id: first.customerId, name: 'Júlia', phone: '+5511955551001' },
        serviceId: tenant.services[0]!.id,
        date: workdayAhead(3),
        period: 'tarde',
        professionalId: tenant.professionals[0]!.id,
        status: 'open',
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      },
      expect.objectContaining({ id: second.entryId, period: null, professionalId: null }),
    ]);
    const others = await request(app).get('/admin/waitlist').set(bearer(other.apiKey));
    expect(others.body.items.map((item: { customer: { phone: string } }) => item.customer.phone)).toEqual(['+5511955551003']);
    expect((await request(app).get('/admin/waitlist')).status).toBe(401);
  });

  it('when staff book a time a waitlist offer holds, then it is refused with a message that names the hold', async () => {
    const { entryId } = await joinAs(tenant, '5511955551004', { period: null, professional: null });
    const date = workdayAhead(3);
    await database.db.waitlistOffer.create({
      data: {
        tenantId: tenant.id,
        entryId,
        professionalId: tenant.professionals[0]!.id,
        serviceId: tenant.services[0]!.id,
        startsAt: new Date(`${date}T11:00:00-03:00`),
        endsAt: new Date(`${date}T11:30:00-03:00`),
        holdUntil: new Date(Date.now() + 10 * 60_000),
        payloadToken: `hold-${entryId}-token-abcdefghij`.slice(0, 22),
      },
    });
    const response = await request(createAdminTestApp(database.db))
      .post('/admin/appointments')
      .set(bearer(tenant.apiKey))
      .send({
        professionalId: tenant.professionals[0]!.id,
        serviceId: tenant.services[0]!.id,
        start: `${date}T11:00`,
        customer: { name: 'Walk-in', phone: '(11) 98765-0000' },
      });
    expect(response.status).toBe(409);
    expect(response.body.error.message).toContain('reservado por 15 minutos para quem está na lista de espera');
  });
});
