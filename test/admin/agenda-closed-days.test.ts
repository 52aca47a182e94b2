import { beforeAll, describe, expect, it } from 'vitest';
import { expandListing } from '../../console-ui/src/agenda/agenda-data.js';
import type { CompactAgendaListing } from '../../src/contract/index.js';
import type { Db } from '../../src/db/index.js';
import { createTestConversation, type TestTenant } from '../support/factories.js';
import { insertTenantAppointment, type StaffApi, setUpAgenda } from './agenda-test-kit.js';

const ZONE = 'America/Sao_Paulo';

// The listing reads the tenant's holidays in the same statement as its rows: every kind of row
// still comes, and the closed days among the dates are named, for a day and for a range.
describe('the agenda listing with its closed days', () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;

  beforeAll(async () => {
    ({ db, tenant, api } = await setUpAgenda());
    const { customer } = await createTestConversation(db, tenant.id, { name: 'Rosa Lima', waId: '5511987650001' });
    const nameless = await db.customer.create({
      data: { tenantId: tenant.id, waId: null, bsuid: 'BR.rosinha.0001', username: 'rosinha', name: null },
    });
    const bia = tenant.professionals[1]!;
    const coloracao = tenant.services[1]!;
    await insertTenantAppointment(db, tenant, { customerId: customer.id, startsAt: '2026-12-02T12:00:00Z', status: 'confirmed' });
    await insertTenantAppointment(db, tenant, { customerId: nameless.id, startsAt: '2026-12-02T13:00:00Z', professionalId: bia.id });
    const moved = await insertTenantAppointment(db, tenant, {
      customerId: customer.id,
      startsAt: '2026-12-02T17:30:00Z',
      serviceId: coloracao.id,
      status: 'attended',
    });
    await db.appointment.update({
      where: { id: moved.id },
      data: { rescheduledAt: new Date('2026-11-30T15:07:00Z'), priceCents: 12_000, visitId: moved.id },
    });
    await db.deposit.create({
      data: {
        tenantId: tenant.id,
        appointmentId: moved.id,
        status: 'paid',
        amountCents: 3600,
        holdUntil: new Date(),
        chargeKey: `c-${moved.id}`,
      },
    });
    // A cancelled row an older move left behind, and the row it became.
    const old = await insertTenantAppointment(db, tenant, {
      customerId: customer.id,
      startsAt: '2026-12-02T19:00:00Z',
      status: 'cancelled',
    });
    const successor = await insertTenantAppointment(db, tenant, { customerId: customer.id, startsAt: '2026-12-03T19:00:00Z' });
    await db.appointment.update({ where: { id: successor.id }, data: { rescheduledFromId: old.id } });
    // 23:30 local on 02/12 (02:30 UTC on 03/12) belongs to 02/12.
    await insertTenantAppointment(db, tenant, { customerId: customer.id, startsAt: '2026-12-03T02:30:00Z', professionalId: bia.id });
  });

  it('when a day holds every kind of row, then each comes in order with its names, local times, phone, move and price', async () => {
    const day = await api.get('/admin/appointments?date=2026-12-02');
    expect(day.status).toBe(200);
    expect(day.body.closedDays).toEqual([]);
    const items = day.body.items as Record<string, unknown>[];
    expect(items.map((item) => [item.start, item.end, item.status])).toEqual([
      ['2026-12-02T09:00', '2026-12-02T09:30', 'confirmed'],
      ['2026-12-02T10:00', '2026-12-02T10:30', 'booked'],
      ['2026-12-02T14:30', '2026-12-02T16:00', 'attended'],
      ['2026-12-02T16:00', '2026-12-02T16:30', 'cancelled'],
      ['2026-12-02T23:30', '2026-12-03T00:00', 'booked'],
    ]);
    expect(items[0]).toMatchObject({ customer: { name: 'Rosa Lima', phone: '+5511987650001' }, professional: { name: 'Ana' } });
    expect(items[1]).toMatchObject({ customer: { name: null, phone: null }, professional: { name: 'Bia' }, rescheduledToId: null });
    expect(items[2]).toMatchObject({
      service: { name: 'Coloração' },
      priceCents: 12_000,
      rescheduledAt: '2026-11-30T12:07',
      visitId: expect.any(Number),
      deposit: { status: 'paid', amountCents: 3600 },
    });
    expect(items[3]!.rescheduledToId).toEqual(expect.any(Number));
    expect(items.filter((item) => item.rescheduledToId !== null)).toHaveLength(1);
  });

  it('when the salon has a holiday in the range, then the listing names it beside every item of its dates', async () => {
    await db.tenant.update({ where: { id: tenant.id }, data: { holidays: { country: 'BR', closed: ['2026-12-03'] } } });
    const day = await api.get('/admin/appointments?date=2026-12-03');
    expect(day.status).toBe(200);
    expect(day.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(day.body).toMatchObject({
      date: '2026-12-03',
      timezone: ZONE,
      closedDays: [{ date: '2026-12-03', name: 'dia de folga do estabelecimento' }],
    });
    expect(day.body.items).toHaveLength(1);
    const week = await api.get('/admin/appointments?from=2026-12-01&to=2026-12-07');
    expect(Object.keys(week.body)).toEqual(['from', 'to', 'timezone', 'closedDays', 'items']);
    expect(week.body.closedDays).toEqual([{ date: '2026-12-03', name: 'dia de folga do estabelecimento' }]);
    expect(week.body.items).toHaveLength(6);
  });

  it('when the console asks for the compact form, then each professional and service comes once and the items, expanded, are the full listing', async () => {
    for (const query of [
      'date=2026-12-02',
      'from=2026-12-01&to=2026-12-07',
      `date=2026-12-02&professionalId=${tenant.professionals[1]!.id}`,
    ]) {
      const full = await api.get(`/admin/appointments?${query}`);
      const compact = await api.get(`/admin/appointments?${query}&compact=true`);
      expect(compact.status).toBe(200);
      const listing = compact.body as CompactAgendaListing & Record<string, unknown>;
      expect(Object.keys(listing)).toEqual([
        ...Object.keys(full.body).filter((key) => key !== 'items'),
        'professionals',
        'services',
        'items',
      ]);
      expect(listing.closedDays).toEqual(full.body.closedDays);
      const named = (field: 'professional' | 'service') => [
        ...new Map(full.body.items.map((item: Record<string, { id: number }>) => [item[field]!.id, item[field]])).values(),
      ];
      expect(listing.professionals).toEqual(named('professional'));
      expect(listing.services).toEqual(named('service'));
      // Null fields are left out, not sent as null.
      for (const item of listing.items) expect(Object.values(item)).not.toContain(null);
      expect(expandListing(listing)).toEqual(full.body.items);
    }
    expect(JSON.stringify((await api.get('/admin/appointments?date=2026-12-02&compact=true')).body).length).toBeLessThan(
      JSON.stringify((await api.get('/admin/appointments?date=2026-12-02')).body).length,
    );
    const wrong = await api.get('/admin/appointments?date=2026-12-02&compact=maybe');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.details).toEqual([{ path: 'query.compact', message: 'expected "compact=true" or "compact=false"' }]);
  });
});
