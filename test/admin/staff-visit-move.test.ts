import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { fixedClock } from '../../src/shared/index.js';
import { createTestConversation, createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

describe('POST /admin/appointments/:id/reschedule on a row of a visit', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await testDatabase()).db;
  });

  it('when staff move the second service of a visit, then the whole visit moves (the answer lists its new rows, the customer’s notice names every service, as a cancel’s does); when it would end after closing, 422 and nothing moves', async () => {
    const tenant = await createTestTenant(db);
    const [ana, bia] = tenant.professionals;
    const [corte, coloracao] = tenant.services;
    const app = createAdminTestApp(db, { clock: fixedClock('2026-12-01T12:00:00Z') });
    // A WhatsApp customer who wrote a moment ago: staff can tell them in a plain text.
    const { conversation } = await createTestConversation(db, tenant.id, {
      waId: '5511987651299',
      name: 'Maria Lima',
      lastInboundAt: new Date(),
    });
    const created = await request(app)
      .post('/admin/appointments')
      .set(bearer(tenant.apiKey))
      .send({
        start: '2026-12-02T10:00',
        customer: { name: 'Maria', phone: '+5511987651299' },
        items: [
          { professionalId: bia!.id, serviceId: corte!.id },
          { professionalId: ana!.id, serviceId: coloracao!.id },
        ],
      })
      .expect(201);
    const second = created.body.items[1] as { id: number };
    // The coloração (10:30) to 14:10, a minute staff may choose: the corte goes to 13:40.
    const moved = await request(app)
      .post(`/admin/appointments/${second.id}/reschedule`)
      .set(bearer(tenant.apiKey))
      .send({ start: '2026-12-02T14:10', notifyCustomer: true })
      .expect(200);
    expect(moved.body.notification).toEqual({ customerNotified: true, channel: 'whatsapp_text' });
    const [notice] = await db.message.findMany({
      where: { conversationId: conversation.id, direction: 'outbound' },
      select: { text: true },
    });
    // The notice names the whole visit, from its first service's old start to its new one.
    expect(notice?.text).toContain(
      'Seu agendamento de Corte e Coloração com Bia e Ana foi remarcado de qua 02/12 às 10:00 para qua 02/12 às 13:40',
    );
    expect(moved.body.appointment).toMatchObject({ start: '2026-12-02T14:10', professional: { name: 'Ana' } });
    expect(moved.body.appointment.id).toBe(second.id);
    expect(moved.body.previous).toMatchObject({ id: second.id, start: '2026-12-02T10:30', status: 'booked' });
    expect(moved.body.visit.visitId).toBe(created.body.visitId);
    expect(moved.body.visit.items.map((item: { id: number }) => item.id)).toEqual(
      created.body.items.map((item: { id: number }) => item.id),
    );
    expect(
      moved.body.visit.items.map((item: { start: string; professional: { name: string }; service: { name: string } }) => [
        item.start,
        item.professional.name,
        item.service.name,
      ]),
    ).toEqual([
      ['2026-12-02T13:40', 'Bia', 'Corte'],
      ['2026-12-02T14:10', 'Ana', 'Coloração'],
    ]);

    // Ana stops at 18:00: a coloração from 17:00 would end at 18:30.
    const late = await request(app)
      .post(`/admin/appointments/${moved.body.appointment.id}/reschedule`)
      .set(bearer(tenant.apiKey))
      .send({ start: '2026-12-02T17:00' });
    expect(late.status).toBe(422);
    const booked = await db.appointment.findMany({ where: { tenantId: tenant.id, status: 'booked' }, orderBy: { startsAt: 'asc' } });
    expect(booked.map((row) => row.id)).toEqual(moved.body.visit.items.map((item: { id: number }) => item.id));

    // Cancelled through its first service with a notice: the whole visit, named whole.
    await request(app)
      .post(`/admin/appointments/${booked[0]!.id}/cancel`)
      .set(bearer(tenant.apiKey))
      .send({ notifyCustomer: true })
      .expect(200);
    expect(await db.appointment.count({ where: { tenantId: tenant.id, status: 'booked' } })).toBe(0);
    const notices = await db.message.findMany({
      where: { conversationId: conversation.id, direction: 'outbound' },
      orderBy: { id: 'asc' },
    });
    expect(notices.at(-1)?.text).toContain('Seu agendamento de Corte e Coloração com Bia e Ana em qua 02/12 às 13:40 foi cancelado');
  });
});
