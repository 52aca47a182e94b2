import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BuscarHorariosResult } from '../../src/scheduling/tools/index.js';
import { fixedClock } from '../../src/shared/index.js';
import { createAuthTestApp } from '../auth/auth-test-app.js';
import { createCustomer, NOW, times } from '../scheduling/scheduling-test-kit.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { bearer } from './admin-test-app.js';
import { insertTenantAppointment, offeredStarts, setUpAgenda } from './agenda-test-kit.js';
import { consoleSessionHeaders } from './settings-test-kit.js';

// Tuesday 2026-12-01 09:00 in São Paulo is NOW; the next day is a Wednesday.
const WEDNESDAY = '2026-12-02';

describe('the owner’s settings routes', () => {
  let setup: Awaited<ReturnType<typeof setUpAgenda>>;
  let other: TestTenant;
  const app = () => createAuthTestApp(setup.db, { clock: fixedClock(NOW) });
  const owner = () => bearer(setup.tenant.apiKey);
  const changes = () => setup.db.settingsChange.findMany({ where: { tenantId: setup.tenant.id }, orderBy: { id: 'asc' } });

  beforeAll(async () => {
    setup = await setUpAgenda();
    other = await createTestTenant(setup.db);
  });

  it('when the owner adds a service and a professional with hours and a break, then the bot’s next buscar_horarios offers exactly those hours and listar_servicos the price', async () => {
    const service = await request(app())
      .post('/admin/services')
      .set(owner())
      .send({ name: 'Escova Progressiva', durationMinutes: 60, priceCents: 15000, priceFrom: true });
    expect(service.status).toBe(201);
    expect(service.body).toMatchObject({ id: expect.any(Number), key: 'escova-progressiva', priceCents: 15000, priceFrom: true });
    const professional = await request(app())
      .post('/admin/professionals')
      .set(owner())
      .send({
        name: 'Carla',
        services: ['corte', { key: 'escova-progressiva', priceCents: 17000 }],
        hours: {
          wed: [
            ['09:00', '11:00'],
            ['13:00', '15:00'],
          ],
        },
        timeOff: [{ from: '2026-12-09T00:00', to: '2026-12-10T00:00' }],
      });
    expect(professional.status).toBe(201);
    expect(professional.body).toMatchObject({ id: expect.any(Number), key: 'carla', name: 'Carla' });

    const { context } = await createCustomer(setup.db, setup.tenant.id);
    const corte = setup.tenant.services.find((entry) => entry.key === 'corte')!;
    const found = await setup.call<BuscarHorariosResult>(
      'buscar_horarios',
      { profissional_id: professional.body.id, data: WEDNESDAY, servico_id: corte.id },
      context(),
    );
    expect(offeredStarts(found)).toEqual([...times('09:00', '10:30', 15), ...times('13:00', '14:30', 15)]);
    const listed = await setup.call<{ servicos: { id: number; nome: string; preco: string | null }[] }>('listar_servicos', {}, context());
    expect(listed.servicos).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: service.body.id, preco: 'a partir de R$ 150,00' })]),
    );

    const priced = await request(app())
      .patch(`/admin/services/${service.body.id}`)
      .set(owner())
      .send({ priceCents: 16000, priceFrom: null });
    expect(priced.status).toBe(200);
    const relisted = await setup.call<{ servicos: { id: number; preco: string | null }[] }>('listar_servicos', {}, context());
    expect(relisted.servicos.find((entry) => entry.id === service.body.id)?.preco).toBe('R$ 160,00');

    const recorded = await changes();
    expect(recorded.map((row) => [row.change, row.targetKey, row.actorKind])).toEqual([
      ['service_added', 'escova-progressiva', 'api_key'],
      ['professional_added', 'carla', 'api_key'],
      ['service_changed', 'escova-progressiva', 'api_key'],
    ]);
  });

  it('when fields are wrong, then 400 names each at its field in pt-BR and nothing is written', async () => {
    const before = { services: await setup.db.service.count({ where: { tenantId: setup.tenant.id } }), changes: (await changes()).length };
    const refused = await request(app())
      .post('/admin/services')
      .set(owner())
      .send({ name: ' ', durationMinutes: 3, priceCents: -100, cor: 'azul' });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: 'invalid_request', message: 'Corrija os campos indicados.' });
    expect(refused.body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'body', message: 'campo desconhecido: cor' },
        { path: 'body.name', message: 'não pode ficar vazio' },
        { path: 'body.durationMinutes', message: 'deve ser de pelo menos 5 minutos' },
        { path: 'body.priceCents', message: 'o preço não pode ser negativo' },
      ]),
    );
    const ana = setup.tenant.professionals[0]!;
    const overlapping = await request(app())
      .patch(`/admin/professionals/${ana.id}`)
      .set(owner())
      .send({
        hours: {
          mon: [
            ['09:00', '12:00'],
            ['11:00', '13:00'],
          ],
          tue: [['18:00', '10:00']],
        },
        services: ['corte', 'nao-existe'],
      });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.error.details).toEqual([
      { path: 'body.services.1', message: 'serviço desconhecido "nao-existe"' },
      { path: 'body.hours.mon.1', message: 'o intervalo 11:00–13:00 se sobrepõe a 09:00–12:00' },
      { path: 'body.hours.tue.0', message: 'o intervalo 18:00–10:00 termina antes de começar' },
    ]);
    const renamed = await request(app()).patch(`/admin/professionals/${ana.id}`).set(owner()).send({ key: 'outra' });
    expect(renamed.body.error.details).toEqual([{ path: 'body.key', message: expect.stringContaining('a chave não muda') }]);
    const reminder = await request(app())
      .put('/admin/settings')
      .set(owner())
      .send({ reminders: [{ beforeMinutes: 60 * 24 * 40, template: 'lembrete', language: 'pt_BR' }], horario: 1 });
    expect(reminder.status).toBe(400);
    expect(reminder.body.error.details).toEqual([{ path: 'body', message: expect.stringContaining('campo desconhecido') }]);
    const beyond = await request(app())
      .put('/admin/settings')
      .set(owner())
      .send({ reminders: [{ beforeMinutes: 60 * 24 * 40, template: 'lembrete', language: 'xx' }] });
    expect(beyond.body.error.details).toEqual([
      { path: 'body.reminders.0.language', message: 'idioma de modelo desconhecido "xx" (use, por exemplo, "pt_BR")' },
      { path: 'body.reminders.0.beforeMinutes', message: '57600 minutos passa do limite de agendamento (30 dias)' },
    ]);
    expect(await setup.db.service.count({ where: { tenantId: setup.tenant.id } })).toBe(before.services);
    expect((await changes()).length).toBe(before.changes);
  });

  it('when the owner changes booking rules and business information, then only the fields sent change', async () => {
    const saved = await request(app())
      .put('/admin/settings')
      .set(owner())
      .send({ booking: { minNoticeMinutes: 120 }, assistant: { address: 'Rua Nova, 5' }, holidays: { country: 'BR', state: 'SP' } });
    expect(saved.status).toBe(200);
    expect(saved.body.booking).toEqual({ minNoticeMinutes: 120, horizonDays: 30, slotStepMinutes: 15, cancelNoticeMinutes: 0 });
    expect(saved.body.assistant).toMatchObject({ address: 'Rua Nova, 5', businessInfo: 'Rua das Flores, 10. Aceitamos Pix e cartão.' });
    const tenant = await setup.db.tenant.findUniqueOrThrow({ where: { id: setup.tenant.id } });
    expect(tenant).toMatchObject({
      minNoticeMinutes: 120,
      horizonDays: 30,
      address: 'Rua Nova, 5',
      holidays: { country: 'BR', state: 'SP' },
    });
    expect(tenant.accessToken).not.toBeNull();
    const listed = await request(app()).get('/admin/settings').set(owner()).expect(200);
    expect(listed.body).toMatchObject({ booking: { minNoticeMinutes: 120 }, holidays: { country: 'BR', state: 'SP' } });
    expect(listed.body.services[0]).toMatchObject({ id: expect.any(Number), key: expect.any(String) });
    expect(listed.body.checklist.steps.map((step: { step: string }) => step.step)).toEqual([
      'services',
      'professionals',
      'hours',
      'test_booking',
    ]);
    await request(app())
      .put('/admin/settings')
      .set(owner())
      .send({ holidays: null, booking: { minNoticeMinutes: 60 } })
      .expect(200);
    expect((await setup.db.tenant.findUniqueOrThrow({ where: { id: setup.tenant.id } })).holidays).toBeNull();
  });

  it('when a service is retired, then its past appointments stay, it leaves the catalogue, and the last one cannot go', async () => {
    const added = await request(app()).post('/admin/services').set(owner()).send({ name: 'Hidratação', durationMinutes: 30 }).expect(201);
    const ana = setup.tenant.professionals[0]!;
    await request(app())
      .patch(`/admin/professionals/${ana.id}`)
      .set(owner())
      .send({ services: ['corte', 'coloracao', 'hidratacao'] })
      .expect(200);
    const { customerId } = await createCustomer(setup.db, setup.tenant.id);
    const past = await setup.db.appointment.create({
      data: {
        tenantId: setup.tenant.id,
        professionalId: ana.id,
        serviceId: added.body.id,
        customerId,
        startsAt: new Date('2026-11-20T13:00:00Z'),
        endsAt: new Date('2026-11-20T13:30:00Z'),
        status: 'attended',
      },
    });
    const retired = await request(app()).patch(`/admin/services/${added.body.id}`).set(owner()).send({ retired: true });
    expect(retired.status).toBe(200);
    expect(await setup.db.appointment.findUniqueOrThrow({ where: { id: past.id } })).toMatchObject({ serviceId: added.body.id });
    const services = await request(app()).get('/admin/services').set(owner()).expect(200);
    expect(services.body.items.map((item: { id: number }) => item.id)).not.toContain(added.body.id);
    expect(await setup.db.professionalService.count({ where: { serviceId: added.body.id } })).toBe(0);
    expect((await request(app()).patch(`/admin/services/${added.body.id}`).set(owner()).send({ name: 'X' })).status).toBe(404);

    const alone = await createTestTenant(setup.db);
    const aloneApp = app();
    await request(aloneApp).patch(`/admin/services/${alone.services[1]!.id}`).set(bearer(alone.apiKey)).send({ retired: true }).expect(200);
    const last = await request(aloneApp)
      .patch(`/admin/services/${alone.services[0]!.id}`)
      .set(bearer(alone.apiKey))
      .send({ retired: true });
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('last_service');
  });

  it('when a professional with appointments ahead is retired, then 409 lists them and nothing changes; without them, retired', async () => {
    const bia = setup.tenant.professionals[1]!;
    const { customerId } = await createCustomer(setup.db, setup.tenant.id);
    const ahead = await insertTenantAppointment(setup.db, setup.tenant, {
      customerId,
      professionalId: bia.id,
      startsAt: '2026-12-03T14:00:00Z',
    });
    const refused = await request(app()).patch(`/admin/professionals/${bia.id}`).set(owner()).send({ retired: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('has_future_appointments');
    expect(refused.body.appointments).toEqual([
      expect.objectContaining({ id: ahead.id, start: '2026-12-03T11:00', service: expect.objectContaining({ name: 'Corte' }) }),
    ]);
    expect((await setup.db.professional.findUniqueOrThrow({ where: { id: bia.id } })).active).toBe(true);
    await setup.db.appointment.update({ where: { id: ahead.id }, data: { status: 'cancelled', cancelledAt: new Date(NOW) } });
    await request(app()).patch(`/admin/professionals/${bia.id}`).set(owner()).send({ retired: true }).expect(200);
    expect((await setup.db.professional.findUniqueOrThrow({ where: { id: bia.id } })).active).toBe(false);
  });

  it('when an attendant calls any settings route, then 403; when another tenant’s ids are named, then 404; nothing is written', async () => {
    const headers = await consoleSessionHeaders(app(), setup.db, setup.tenant.slug, 'attendant');
    const ana = setup.tenant.professionals[0]!;
    const corte = setup.tenant.services[0]!;
    const before = (await changes()).length;
    const calls = [
      () => request(app()).get('/admin/settings'),
      () =>
        request(app())
          .put('/admin/settings')
          .send({ booking: { minNoticeMinutes: 0 } }),
      () => request(app()).post('/admin/services').send({ name: 'X', durationMinutes: 30 }),
      () => request(app()).patch(`/admin/services/${corte.id}`).send({ priceCents: 1 }),
      () =>
        request(app())
          .post('/admin/professionals')
          .send({ name: 'X', services: ['corte'], hours: {} }),
      () => request(app()).patch(`/admin/professionals/${ana.id}`).send({ name: 'Y' }),
    ];
    for (const call of calls) {
      const response = await call().set(headers);
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('forbidden');
    }
    const foreign = bearer(other.apiKey);
    expect((await request(app()).patch(`/admin/services/${corte.id}`).set(foreign).send({ priceCents: 1 })).status).toBe(404);
    expect((await request(app()).patch(`/admin/professionals/${ana.id}`).set(foreign).send({ name: 'Y' })).status).toBe(404);
    expect((await changes()).length).toBe(before);
    const ownerSession = await consoleSessionHeaders(app(), setup.db, setup.tenant.slug, 'owner');
    await request(app()).patch(`/admin/services/${corte.id}`).set(ownerSession).send({ priceCents: 5000 }).expect(200);
    expect((await changes()).at(-1)).toMatchObject({ actorKind: 'staff_account', change: 'service_changed', targetKey: 'corte' });
  });

  it('when a service is renamed, then the professional’s ICS feed names it so on its next read', async () => {
    const ana = setup.tenant.professionals[0]!;
    const corte = setup.tenant.services[0]!;
    const { customerId } = await createCustomer(setup.db, setup.tenant.id);
    await insertTenantAppointment(setup.db, setup.tenant, { customerId, professionalId: ana.id, startsAt: '2026-12-04T13:00:00Z' });
    const rotated = await setup.api.post(`/admin/professionals/${ana.id}/calendar-feed/rotate`).expect(200);
    const feedPath = new URL(rotated.body.calendarUrl as string).pathname;
    expect((await request(setup.app).get(feedPath).expect(200)).text).toContain('SUMMARY:Corte ·');
    await request(app()).patch(`/admin/services/${corte.id}`).set(owner()).send({ name: 'Corte feminino' }).expect(200);
    const feed = (await request(setup.app).get(feedPath).expect(200)).text;
    expect(feed).toContain('SUMMARY:Corte feminino ·');
    expect(feed).not.toContain('SUMMARY:Corte ·');
  });

  it('when two changes to one service are saved at once, then both land (each merges into the other’s result)', async () => {
    const coloracao = setup.tenant.services[1]!;
    const [priced, renamed, timed] = await Promise.all([
      request(app()).patch(`/admin/services/${coloracao.id}`).set(owner()).send({ priceCents: 20000 }),
      request(app()).patch(`/admin/services/${coloracao.id}`).set(owner()).send({ name: 'Coloração completa' }),
      request(app()).patch(`/admin/services/${coloracao.id}`).set(owner()).send({ bufferAfterMinutes: 15 }),
    ]);
    expect([priced.status, renamed.status, timed.status]).toEqual([200, 200, 200]);
    expect(await setup.db.service.findUniqueOrThrow({ where: { id: coloracao.id } })).toMatchObject({
      priceCents: 20000,
      name: 'Coloração completa',
      bufferAfterMinutes: 15,
    });
  });
});
