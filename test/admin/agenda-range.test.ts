import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { createTestConversation, createTestTenant, type TestTenant } from '../support/factories.js';
import { insertTenantAppointment, type StaffApi, setUpAgenda, staffApi } from './agenda-test-kit.js';

describe('the agenda over a range of days (the week view)', () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;

  beforeAll(async () => {
    ({ db, tenant, api } = await setUpAgenda());
  });

  it('when staff list 02/12 to 08/12, then every appointment of those local days comes, by start, and none outside; another salon sees none of them', async () => {
    const { customer } = await createTestConversation(db, tenant.id, { name: 'Sara Melo' });
    // 23:30 in São Paulo on 01/12 is 02:30 UTC on 02/12: outside the range by local date.
    await insertTenantAppointment(db, tenant, { customerId: customer.id, startsAt: '2026-12-02T02:30:00Z' });
    const first = await insertTenantAppointment(db, tenant, { customerId: customer.id, startsAt: '2026-12-02T13:00:00Z' });
    const last = await insertTenantAppointment(db, tenant, {
      customerId: customer.id,
      startsAt: '2026-12-08T20:00:00Z',
      professionalId: tenant.professionals[1]!.id,
    });
    await insertTenantAppointment(db, tenant, { customerId: customer.id, startsAt: '2026-12-09T13:00:00Z' });

    const week = await api.get('/admin/appointments?from=2026-12-02&to=2026-12-08');

    expect(week.status).toBe(200);
    expect(week.body).toMatchObject({ from: '2026-12-02', to: '2026-12-08', timezone: 'America/Sao_Paulo', closedDays: [] });
    expect(week.body.items.map((item: { id: number; start: string }) => [item.id, item.start])).toEqual([
      [first.id, '2026-12-02T10:00'],
      [last.id, '2026-12-08T17:00'],
    ]);
    const bia = await api.get(`/admin/appointments?from=2026-12-02&to=2026-12-08&professionalId=${tenant.professionals[1]!.id}`);
    expect(bia.body.items.map((item: { id: number }) => item.id)).toEqual([last.id]);

    const other = await createTestTenant(db);
    const stranger = staffApi((await setUpAgenda()).app, other.apiKey);
    expect((await stranger.get('/admin/appointments?from=2026-12-02&to=2026-12-08')).body.items).toEqual([]);
    expect(
      (await stranger.get(`/admin/appointments?from=2026-12-02&to=2026-12-08&professionalId=${tenant.professionals[0]!.id}`)).status,
    ).toBe(404);
  });

  it('when the range is over 31 days, reversed, or mixed with date, then 400 names the field in pt-BR', async () => {
    const tooLong = await api.get('/admin/appointments?from=2026-12-01&to=2027-01-01');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.details).toEqual([{ path: 'query.to', message: 'O período tem no máximo 31 dias.' }]);
    expect((await api.get('/admin/appointments?from=2026-12-01&to=2026-12-31')).status).toBe(200);
    const reversed = await api.get('/admin/appointments?from=2026-12-08&to=2026-12-02');
    expect(reversed.body.error.details).toEqual([{ path: 'query.to', message: '"to" não pode ser antes de "from".' }]);
    const mixed = await api.get('/admin/appointments?date=2026-12-02&from=2026-12-02&to=2026-12-03');
    expect(mixed.body.error.details).toEqual([{ path: 'query.date', message: 'Envie "date" ou "from" e "to", não os dois.' }]);
    const neither = await api.get('/admin/appointments');
    expect(neither.body.error.details).toEqual([{ path: 'query.date', message: 'Informe "date" (um dia) ou "from" e "to" (um período).' }]);
    const half = await api.get('/admin/appointments?from=2026-12-02');
    expect(half.body.error.details).toEqual([{ path: 'query.to', message: 'Informe o fim do período em "to".' }]);
  });
});
