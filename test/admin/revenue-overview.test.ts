import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { createCustomer, insertAppointment } from '../scheduling/scheduling-test-kit.js';
import { createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

describe('GET /admin/stats/overview: booked and attended revenue per local day', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await testDatabase()).db;
  });

  it('sums the prices appointments were booked at, per day of the tenant, leaving cancelled ones out; attended revenue counts attended ones', async () => {
    const tenant = await createTestTenant(db);
    const other = await createTestTenant(db);
    const [ana, bia] = tenant.professionals;
    const corte = tenant.services[0]!;
    const { customerId } = await createCustomer(db, tenant.id);
    const book = async (professionalId: number, startsAt: string, priceCents: number | null, status = 'booked') => {
      const row = await insertAppointment(db, {
        tenantId: tenant.id,
        professionalId,
        serviceId: corte.id,
        customerId,
        startsAt,
        endsAt: new Date(new Date(startsAt).getTime() + 1_800_000).toISOString(),
        status,
      });
      await db.appointment.update({ where: { id: row.id }, data: { priceCents } });
    };
    await book(ana!.id, '2026-12-02T13:00:00Z', 6000);
    await book(bia!.id, '2026-12-02T13:00:00Z', 5000, 'attended');
    await book(ana!.id, '2026-12-02T15:00:00Z', 9000, 'cancelled');
    await book(ana!.id, '2026-12-02T16:00:00Z', null);
    // 01:30 UTC on the 4th is still the 3rd in São Paulo.
    await book(bia!.id, '2026-12-04T01:30:00Z', 4000);
    const otherCustomer = await createCustomer(db, other.id);
    await insertAppointment(db, {
      tenantId: other.id,
      professionalId: other.professionals[0]!.id,
      serviceId: other.services[0]!.id,
      customerId: otherCustomer.customerId,
      startsAt: '2026-12-02T13:00:00Z',
      endsAt: '2026-12-02T13:30:00Z',
    });
    const app = createAdminTestApp(db);
    const response = await request(app).get('/admin/stats/overview?from=2026-12-02&to=2026-12-04').set(bearer(tenant.apiKey)).expect(200);
    const revenue = response.body.days.map((day: { date: string; bookedRevenueCents: number; attendedRevenueCents: number }) => ({
      date: day.date,
      bookedRevenueCents: day.bookedRevenueCents,
      attendedRevenueCents: day.attendedRevenueCents,
    }));
    expect(revenue).toEqual([
      { date: '2026-12-02', bookedRevenueCents: 11000, attendedRevenueCents: 5000 },
      { date: '2026-12-03', bookedRevenueCents: 4000, attendedRevenueCents: 0 },
      { date: '2026-12-04', bookedRevenueCents: 0, attendedRevenueCents: 0 },
    ]);
    expect(response.body.totals).toMatchObject({ bookedRevenueCents: 15000, attendedRevenueCents: 5000 });
    await request(app).get('/admin/stats/overview?from=2026-12-05&to=2026-12-04').set(bearer(tenant.apiKey)).expect(400);
  });
});
