import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import type { TestTenant } from '../support/factories.js';
import { insertBookedCustomer, type StaffApi, setUpAgenda } from './agenda-test-kit.js';

describe('agenda routes: tenant isolation and bad input', () => {
  let db: Db;
  let mine: TestTenant;
  let theirs: TestTenant;
  let api: StaffApi;
  let theirAppointmentId: number;
  let theirBlockId: number;

  beforeAll(async () => {
    ({ db, tenant: mine, api } = await setUpAgenda());
    const other = await setUpAgenda();
    theirs = other.tenant;
    theirAppointmentId = (await insertBookedCustomer(db, theirs, '2026-12-02T13:00:00Z')).appointment.id;
    theirBlockId = (
      await other.api.post(`/admin/professionals/${theirs.professionals[0]!.id}/blocks`, {
        from: '2026-12-03T09:00',
        to: '2026-12-03T10:00',
      })
    ).body.id;
  });

  it("when another tenant's ids are used on every new route, then each answers 404 and their rows do not change", async () => {
    const [theirAna, theirCorte] = [theirs.professionals[0]!.id, theirs.services[0]!.id];
    const myAna = mine.professionals[0]!.id;
    const customer = { name: 'Eva', phone: '(11) 96666-1111' };
    const calls = [
      api.get(`/admin/appointments/${theirAppointmentId}`),
      api.get(`/admin/appointments?date=2026-12-02&professionalId=${theirAna}`),
      api.post('/admin/appointments', { professionalId: theirAna, serviceId: theirCorte, start: '2026-12-02T15:00', customer }),
      api.post('/admin/appointments', { professionalId: myAna, serviceId: theirCorte, start: '2026-12-02T15:00', customer }),
      api.post(`/admin/appointments/${theirAppointmentId}/cancel`, {}),
      api.post(`/admin/appointments/${theirAppointmentId}/reschedule`, { start: '2026-12-02T16:00' }),
      api.post(`/admin/appointments/${theirAppointmentId}/attendance`, { status: 'no_show' }),
      api.get(`/admin/availability?date=2026-12-02&professionalId=${theirAna}`),
      api.get(`/admin/availability?date=2026-12-02&professionalId=${myAna}&serviceId=${theirCorte}`),
      api.post(`/admin/professionals/${theirAna}/blocks`, { from: '2026-12-04T09:00', to: '2026-12-04T10:00' }),
      api.post(`/admin/professionals/${theirAna}/calendar-feed/rotate`),
      api.delete(`/admin/blocks/${theirBlockId}`),
    ];
    for (const [index, response] of (await Promise.all(calls)).entries()) {
      expect([index, response.status]).toEqual([index, 404]);
      expect(response.body.error).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    }
    expect((await db.appointment.findUniqueOrThrow({ where: { id: theirAppointmentId } })).status).toBe('booked');
    expect(await db.professionalBlock.count({ where: { id: theirBlockId } })).toBe(1);
    expect(await db.appointment.count({ where: { tenantId: mine.id } })).toBe(0);
    const listed = await api.get('/admin/professionals');
    expect(listed.body.items.map((item: { id: number }) => item.id).sort()).toEqual(mine.professionals.map((p) => p.id).sort());
    const services = await api.get('/admin/services');
    expect(services.body.items).toEqual(
      [...mine.services]
        .sort((a, b) => a.name.localeCompare(b.name, 'pt-BR'))
        .map(({ id, name, durationMinutes }) => ({
          id,
          name,
          durationMinutes,
          priceCents: null,
          priceFrom: false,
          price: null,
          bufferAfterMinutes: 0,
          parentId: null,
        })),
    );
    expect((await api.get('/admin/appointments?date=2026-12-02')).body.items).toEqual([]);
  });

  it('when bodies, queries or ids are bad, then 400 names each field', async () => {
    const myAna = mine.professionals[0]!.id;
    const cases: [Promise<{ status: number; body: { error: { code: string; details?: { path: string }[] } } }>, string[]][] = [
      [api.post('/admin/appointments', {}), ['body.start', 'body.customer', 'body.professionalId', 'body.serviceId']],
      [
        api.post('/admin/appointments', {
          professionalId: myAna,
          serviceId: mine.services[0]!.id,
          start: '2026-12-02 10:00',
          customer: { name: '', phone: '12' },
        }),
        ['body.start', 'body.customer.name', 'body.customer.phone'],
      ],
      [
        api.post('/admin/appointments', {
          professionalId: 'ana',
          serviceId: 1,
          start: '2026-12-02T10:00',
          customer: { name: 'A', phone: '11987654321' },
        }),
        ['body.professionalId'],
      ],
      [api.get('/admin/appointments?date=2026-13-01'), ['query.date']],
      [api.get('/admin/appointments'), ['query.date']],
      [api.get('/admin/availability?date=2026-12-02'), ['query.professionalId']],
      [api.post('/admin/appointments/abc/cancel', {}), ['params.id']],
      [api.post('/admin/appointments/1/cancel', { notifyCustomer: 'yes' }), ['body.notifyCustomer']],
      [api.post('/admin/appointments/1/reschedule', { start: 'amanhã' }), ['body.start']],
      [api.post('/admin/appointments/1/attendance', { status: 'late' }), ['body.status']],
      [api.post(`/admin/professionals/${myAna}/blocks`, { from: '2026-12-02' }), ['body.from', 'body.to']],
      [api.delete('/admin/blocks/0'), ['params.id']],
    ];
    for (const [call, fields] of cases) {
      const response = await call;
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('invalid_request');
      expect(response.body.error.details?.map((detail) => detail.path)).toEqual(fields);
    }
  });
});
