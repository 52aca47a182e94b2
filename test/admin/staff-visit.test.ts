import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { fixedClock } from '../../src/shared/index.js';
import { createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

describe('POST /admin/appointments with items: a visit booked by staff', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await testDatabase()).db;
  });

  it('when staff book two services as a visit, then 201 with the visit id and both rows, listed in the agenda with their visit and price; an overlap books nothing', async () => {
    const tenant = await createTestTenant(db);
    const [ana, bia] = tenant.professionals;
    const [corte, coloracao] = tenant.services;
    await db.service.update({ where: { id: coloracao!.id }, data: { priceCents: 15000 } });
    const app = createAdminTestApp(db, { clock: fixedClock('2026-12-01T12:00:00Z') });
    const customer = { name: 'Maria', phone: '+5511987651234' };
    const created = await request(app)
      .post('/admin/appointments')
      .set(bearer(tenant.apiKey))
      .send({
        start: '2026-12-02T10:00',
        customer,
        items: [
          { professionalId: bia!.id, serviceId: corte!.id },
          { professionalId: ana!.id, serviceId: coloracao!.id },
        ],
      })
      .expect(201);
    expect(created.body.visitId).toEqual(expect.any(Number));
    expect(
      created.body.items.map((item: { start: string; professional: { name: string }; visitId: number; priceCents: number | null }) => [
        item.start,
        item.professional.name,
        item.visitId,
        item.priceCents,
      ]),
    ).toEqual([
      ['2026-12-02T10:00', 'Bia', created.body.visitId, null],
      ['2026-12-02T10:30', 'Ana', created.body.visitId, 15000],
    ]);
    const agenda = await request(app).get('/admin/appointments?date=2026-12-02').set(bearer(tenant.apiKey)).expect(200);
    expect(agenda.body.items.map((item: { visitId: number }) => item.visitId)).toEqual([created.body.visitId, created.body.visitId]);

    // Ana's 10:00 is free but her coloração holds 10:30–12:00: a visit of two cortes with her books nothing, not even the first.
    const refused = await request(app)
      .post('/admin/appointments')
      .set(bearer(tenant.apiKey))
      .send({
        start: '2026-12-02T10:00',
        customer,
        items: [
          { professionalId: ana!.id, serviceId: corte!.id },
          { professionalId: ana!.id, serviceId: corte!.id },
        ],
      });
    expect([refused.status, refused.body.error]).toEqual([409, expect.objectContaining({ code: 'slot_taken' })]);
    expect(await db.appointment.count({ where: { tenantId: tenant.id } })).toBe(2);
    await request(app)
      .post('/admin/appointments')
      .set(bearer(tenant.apiKey))
      .send({ start: '2026-12-02T10:30', customer, items: [{ professionalId: bia!.id, serviceId: corte!.id }], professionalId: bia!.id })
      .expect(400);
  });
});
