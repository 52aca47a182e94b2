import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { CLOSED_DAY_NAME, closedDaysBetween } from '../../src/scheduling/availability/index.js';
import type { BuscarHorariosResult } from '../../src/scheduling/tools/index.js';
import { bearer, createAdminTestApp } from '../admin/admin-test-app.js';
import { createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { createCustomer, refusal, schedulingTools } from './scheduling-test-kit.js';

describe('holidays as closed days', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await testDatabase()).db;
  });

  async function salonWithHolidays(holidays: object) {
    const tenant = await createTestTenant(db);
    await db.tenant.update({ where: { id: tenant.id }, data: { holidays } });
    return tenant;
  }

  it('closes national, state and city public holidays, with their names, except open days, plus the closed days', () => {
    const sp = closedDaysBetween(
      { country: 'BR', state: 'SP', city: 'SP', open: ['2026-11-20'], closed: ['2026-12-31'] },
      '2026-01-01',
      '2026-12-31',
    );
    expect(sp.get('2026-12-25')).toBe('Natal');
    expect(sp.get('2026-04-21')).toBe('Dia de Tiradentes');
    expect(sp.get('2026-07-09')).toBe('Revolução Constitucionalista');
    expect(sp.get('2026-01-25')).toBe('Aniversário da Cidade');
    expect(sp.has('2026-11-20')).toBe(false);
    expect(sp.get('2026-12-31')).toBe(CLOSED_DAY_NAME);
    // Carnaval is optional, not public: it goes in `closed` when the salon closes.
    expect(sp.has('2026-02-17')).toBe(false);
    const rj = closedDaysBetween({ country: 'BR', state: 'RJ' }, '2026-01-01', '2026-12-31');
    expect(rj.has('2026-07-09')).toBe(false);
    expect(closedDaysBetween(null, '2026-01-01', '2026-12-31').size).toBe(0);
  });

  it('when the customer asks for a holiday, then buscar_horarios says which holiday it is, that the salon is closed, and the next free day', async () => {
    const tenant = await salonWithHolidays({ country: 'BR', state: 'SP' });
    const ana = tenant.professionals.find((professional) => professional.name === 'Ana')!;
    const customer = await createCustomer(db, tenant.id);
    const call = schedulingTools(db);
    const message = await refusal(call('buscar_horarios', { profissional_id: ana.id, data: '2026-12-25' }, customer.context()), 'holiday');
    expect(message).toContain('Dia 25/12 (2026-12-25) é Natal');
    expect(message).toContain('"dia 25/12 é Natal, estaremos fechados"');
    expect(message).toContain('2026-12-26');
    const message2 = await refusal(
      call('agendar', { profissional_id: ana.id, servico_id: tenant.services[0]!.id, inicio: '2026-12-25T10:00' }, customer.context()),
      'holiday',
    );
    expect(message2).toContain('é Natal');
    expect(await db.appointment.count({ where: { tenantId: tenant.id } })).toBe(0);
    // The same day is open without the holidays block.
    await db.tenant.update({ where: { id: tenant.id }, data: { holidays: { country: 'BR', state: 'SP', open: ['2026-12-25'] } } });
    const open = await call<BuscarHorariosResult>('buscar_horarios', { profissional_id: ana.id, data: '2026-12-25' }, customer.context());
    expect(open.total_livres).toBeGreaterThan(0);
  });

  it('when staff book on a holiday, even outside hours on purpose, then 422 holiday; the agenda names the closed day', async () => {
    const tenant = await salonWithHolidays({ country: 'BR', state: 'SP' });
    const ana = tenant.professionals.find((professional) => professional.name === 'Ana')!;
    const app = createAdminTestApp(db);
    const response = await request(app)
      .post('/admin/appointments')
      .set(bearer(tenant.apiKey))
      .send({
        professionalId: ana.id,
        serviceId: tenant.services[0]!.id,
        start: '2026-12-25T10:00',
        outsideHours: true,
        customer: { name: 'Maria', phone: '+5511987650000' },
      })
      .expect(422);
    expect(response.body.error).toMatchObject({ code: 'holiday' });
    expect(response.body.error.message).toContain('Natal');
    const agenda = await request(app).get('/admin/appointments?date=2026-12-25').set(bearer(tenant.apiKey)).expect(200);
    expect(agenda.body.closedDays).toEqual([{ date: '2026-12-25', name: 'Natal' }]);
    const slots = await request(app)
      .get(`/admin/availability?date=2026-12-25&professionalId=${ana.id}&serviceId=${tenant.services[0]!.id}`)
      .set(bearer(tenant.apiKey));
    expect(slots.body.slots ?? []).toEqual([]);
  });
});
