import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/shared/index.js';
import { createAuthTestApp } from '../auth/auth-test-app.js';
import { createCustomer, NOW } from '../scheduling/scheduling-test-kit.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { bearer } from './admin-test-app.js';
import { setUpAgenda } from './agenda-test-kit.js';
import { consoleSessionHeaders } from './settings-test-kit.js';

type Listed = { servicos: { id: number; nome: string; variacoes?: { id: number; nome: string }[] }[] };

// Issue 33: the shared resources a service needs, and a service's variants retired one by one.
describe('the salon’s resources and a service’s variants, through the settings routes', () => {
  let setup: Awaited<ReturnType<typeof setUpAgenda>>;
  let other: TestTenant;
  const app = () => createAuthTestApp(setup.db, { clock: fixedClock(NOW) });
  const owner = () => bearer(setup.tenant.apiKey);
  const changes = () => setup.db.settingsChange.findMany({ where: { tenantId: setup.tenant.id }, orderBy: { id: 'asc' } });

  beforeAll(async () => {
    setup = await setUpAgenda();
    other = await createTestTenant(setup.db);
  });

  it('when the owner adds a resource, a service needs it and its count changes, then the rows follow and the list names its services', async () => {
    const added = await request(app()).post('/admin/resources').set(owner()).send({ name: 'Lavatório', count: 2 });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ id: expect.any(Number), key: 'lavatorio', name: 'Lavatório', count: 2 });
    const coloracao = setup.tenant.services.find((service) => service.key === 'coloracao')!;
    await request(app())
      .patch(`/admin/services/${coloracao.id}`)
      .set(owner())
      .send({ resources: ['lavatorio'] })
      .expect(200);
    const edited = await request(app()).patch(`/admin/resources/${added.body.id}`).set(owner()).send({ count: 3, name: 'Lavatórios' });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ id: added.body.id, key: 'lavatorio', name: 'Lavatórios', count: 3 });

    expect(await setup.db.resource.findUniqueOrThrow({ where: { id: added.body.id } })).toMatchObject({ count: 3, active: true });
    expect(await setup.db.serviceResource.findMany({ where: { resourceId: added.body.id }, select: { serviceId: true } })).toEqual([
      { serviceId: coloracao.id },
    ]);
    const listed = await request(app()).get('/admin/resources').set(owner()).expect(200);
    expect(listed.body.items).toEqual([
      { id: added.body.id, key: 'lavatorio', name: 'Lavatórios', count: 3, services: [{ id: coloracao.id, name: 'Coloração' }] },
    ]);
    const settings = await request(app()).get('/admin/settings').set(owner()).expect(200);
    expect(settings.body.resources).toEqual([{ id: added.body.id, key: 'lavatorio', name: 'Lavatórios', count: 3 }]);
    expect((await changes()).map((row) => [row.change, row.targetKey, row.actorKind])).toEqual([
      ['resource_added', 'lavatorio', 'api_key'],
      ['service_changed', 'coloracao', 'api_key'],
      ['resource_changed', 'lavatorio', 'api_key'],
    ]);
  });

  it('when a resource’s fields are wrong, then 400 names each at its field in pt-BR and nothing is written', async () => {
    const before = await setup.db.resource.count({ where: { tenantId: setup.tenant.id } });
    const refused = await request(app()).post('/admin/resources').set(owner()).send({ name: ' ', count: 0 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { path: 'body.name', message: 'não pode ficar vazio' },
      { path: 'body.count', message: 'deve ser pelo menos 1 (quantas pessoas usam ao mesmo tempo)' },
    ]);
    const lavatorio = await setup.db.resource.findFirstOrThrow({ where: { tenantId: setup.tenant.id, key: 'lavatorio' } });
    const tooMany = await request(app()).patch(`/admin/resources/${lavatorio.id}`).set(owner()).send({ count: 5000, key: 'pia' });
    expect(tooMany.body.error.details).toEqual([
      { path: 'body.key', message: expect.stringContaining('a chave não muda') },
      { path: 'body.count', message: 'deve ser no máximo 1000' },
    ]);
    expect(await setup.db.resource.count({ where: { tenantId: setup.tenant.id } })).toBe(before);
    expect((await setup.db.resource.findUniqueOrThrow({ where: { id: lavatorio.id } })).count).toBe(3);
  });

  it('when a resource services still need is retired, then 409 names them; once no service needs it, it is retired', async () => {
    const lavatorio = await setup.db.resource.findFirstOrThrow({ where: { tenantId: setup.tenant.id, key: 'lavatorio' } });
    const refused = await request(app()).patch(`/admin/resources/${lavatorio.id}`).set(owner()).send({ retired: true });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: 'resource_in_use', message: expect.stringContaining('Coloração') });
    expect((await setup.db.resource.findUniqueOrThrow({ where: { id: lavatorio.id } })).active).toBe(true);

    const coloracao = setup.tenant.services.find((service) => service.key === 'coloracao')!;
    await request(app()).patch(`/admin/services/${coloracao.id}`).set(owner()).send({ resources: null }).expect(200);
    const retired = await request(app()).patch(`/admin/resources/${lavatorio.id}`).set(owner()).send({ retired: true });
    expect(retired.status).toBe(200);
    expect(retired.body).toEqual({ id: lavatorio.id, retired: true });
    expect((await setup.db.resource.findUniqueOrThrow({ where: { id: lavatorio.id } })).active).toBe(false);
    expect((await request(app()).get('/admin/resources').set(owner()).expect(200)).body.items).toEqual([]);
    expect((await request(app()).patch(`/admin/resources/${lavatorio.id}`).set(owner()).send({ count: 2 })).status).toBe(404);
    expect((await changes()).at(-1)).toMatchObject({ change: 'resource_retired', targetKey: 'lavatorio' });
  });

  it('when an attendant calls the resource routes, then 403; another tenant’s resource is 404; nothing is written', async () => {
    const mine = await request(app()).post('/admin/resources').set(owner()).send({ name: 'Cadeira de pedicure', count: 1 }).expect(201);
    const theirs = await request(app()).post('/admin/resources').set(bearer(other.apiKey)).send({ name: 'Sala', count: 1 }).expect(201);
    const attendant = await consoleSessionHeaders(app(), setup.db, setup.tenant.slug, 'attendant');
    const before = (await changes()).length;
    for (const call of [
      () => request(app()).get('/admin/resources'),
      () => request(app()).post('/admin/resources').send({ name: 'X', count: 1 }),
      () => request(app()).patch(`/admin/resources/${mine.body.id}`).send({ count: 2 }),
    ]) {
      const response = await call().set(attendant);
      expect(response.status).toBe(403);
      expect(response.body.error.code).toBe('forbidden');
    }
    expect((await request(app()).patch(`/admin/resources/${theirs.body.id}`).set(owner()).send({ count: 9 })).status).toBe(404);
    expect((await request(app()).patch(`/admin/resources/${theirs.body.id}`).set(owner()).send({ retired: true })).status).toBe(404);
    expect(await setup.db.resource.findUniqueOrThrow({ where: { id: theirs.body.id } })).toMatchObject({ count: 1, active: true });
    expect((await changes()).length).toBe(before);
  });

  it('when one variant is retired from its own row, then the bot stops offering it, its sibling and parent stay, and its past appointments keep it', async () => {
    const created = await request(app())
      .post('/admin/services')
      .set(owner())
      .send({
        name: 'Escova',
        durationMinutes: 40,
        priceCents: 6000,
        variants: [
          { name: 'Escova curta', durationMinutes: 30 },
          { name: 'Escova longa', durationMinutes: 60, priceCents: 9000 },
        ],
      })
      .expect(201);
    const settings = await request(app()).get('/admin/settings').set(owner()).expect(200);
    const escova = settings.body.services.find((service: { key: string }) => service.key === 'escova');
    const [curta, longa] = escova.variants as { id: number; key: string }[];
    const ana = setup.tenant.professionals[0]!;
    const { customerId, context } = await createCustomer(setup.db, setup.tenant.id);
    const past = await setup.db.appointment.create({
      data: {
        tenantId: setup.tenant.id,
        professionalId: ana.id,
        serviceId: longa!.id,
        customerId,
        startsAt: new Date('2026-11-20T13:00:00Z'),
        endsAt: new Date('2026-11-20T14:00:00Z'),
        status: 'attended',
      },
    });

    expect((await request(app()).patch(`/admin/services/${longa!.id}`).set(bearer(other.apiKey)).send({ retired: true })).status).toBe(404);
    const retired = await request(app()).patch(`/admin/services/${longa!.id}`).set(owner()).send({ retired: true });
    expect(retired.status).toBe(200);
    expect(retired.body).toEqual({ id: longa!.id, retired: true });

    const listed = await setup.call<Listed>('listar_servicos', {}, context());
    const offered = listed.servicos.find((service) => service.id === created.body.id);
    expect(offered?.variacoes?.map((variant) => variant.id)).toEqual([curta!.id]);
    expect(await setup.db.service.findUniqueOrThrow({ where: { id: longa!.id } })).toMatchObject({
      active: false,
      parentId: created.body.id,
    });
    expect(await setup.db.appointment.findUniqueOrThrow({ where: { id: past.id } })).toMatchObject({ serviceId: longa!.id });
    expect((await changes()).at(-1)).toMatchObject({ change: 'service_retired', targetKey: longa!.key });

    // The last variant goes too: the service stays, with no variants.
    await request(app()).patch(`/admin/services/${curta!.id}`).set(owner()).send({ retired: true }).expect(200);
    const relisted = await setup.call<Listed>('listar_servicos', {}, context());
    expect(relisted.servicos.find((service) => service.id === created.body.id)).toMatchObject({ nome: 'Escova' });
    expect(relisted.servicos.find((service) => service.id === created.body.id)?.variacoes).toBeUndefined();
  });
});
