import { randomBytes } from 'node:crypto';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKeyring } from '../../src/credentials/index.js';
import type { ListarServicosResult } from '../../src/scheduling/tools/index.js';
import { formatBrl } from '../../src/shared/index.js';
import { importTenant, parseTenantFile } from '../../src/tenant/index.js';
import { bearer, createAdminTestApp } from '../admin/admin-test-app.js';
import { createCustomer, schedulingTools } from '../scheduling/scheduling-test-kit.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const keyring = createKeyring([{ id: 'k1', key: randomBytes(32) }], { allowDevKey: false });
let sequence = 0;

/** A salon with prices, a variant, a buffer, a resource, an override and holidays. */
function catalogueFile() {
  sequence++;
  return {
    slug: `salao-catalogo-${process.pid}-${sequence}`,
    name: 'Salão Catálogo',
    timezone: 'America/Sao_Paulo',
    whatsapp: { phoneNumberId: `77${process.pid}${sequence}` },
    assistant: { businessInfo: '' },
    booking: { minNoticeMinutes: 60, horizonDays: 30, slotStepMinutes: 15 },
    services: [
      { key: 'corte', name: 'Corte', durationMinutes: 30, priceCents: 6000 },
      {
        key: 'escova',
        name: 'Escova',
        durationMinutes: 40,
        priceCents: 8000,
        priceFrom: true,
        bufferAfterMinutes: 10,
        resources: ['lavatorio'],
        variants: [
          { key: 'escova-longo', name: 'Escova cabelo longo', durationMinutes: 60, priceCents: 9000 },
          { key: 'escova-curto', name: 'Escova cabelo curto' },
        ],
      },
      { key: 'hidratacao', name: 'Hidratação', durationMinutes: 30 },
    ],
    resources: [{ key: 'lavatorio', name: 'Lavatório', count: 1 }],
    professionals: [
      {
        key: 'ana',
        name: 'Ana',
        services: ['corte', { key: 'escova', priceCents: 7000, durationMinutes: 50 }, 'hidratacao'],
        hours: { tue: [['09:00', '18:00']] },
      },
      { key: 'bia', name: 'Bia', services: ['escova'], hours: { tue: [['09:00', '18:00']] } },
    ],
    holidays: { country: 'BR', state: 'SP', open: ['2026-11-20'], closed: ['2026-12-31'] },
  };
}

const problemsOf = (input: unknown) => {
  const parsed = parseTenantFile(input);
  return parsed.ok ? [] : parsed.problems;
};

describe('the catalogue in the tenant file', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  it('formats cents as reais the Brazilian way', () => {
    expect(formatBrl(6000)).toBe('R$ 60,00');
    expect(formatBrl(123456)).toBe('R$ 1.234,56');
    expect(formatBrl(5)).toBe('R$ 0,05');
  });

  it('when a catalogue is valid, then it parses; when it is wrong, every problem is named with its path', () => {
    expect(problemsOf(catalogueFile())).toEqual([]);
    const file = catalogueFile() as Record<string, unknown> & ReturnType<typeof catalogueFile>;
    file.services[0] = { key: 'corte', name: 'Corte', durationMinutes: 30, priceFrom: true, resources: ['cadeira'] } as never;
    file.services[1]!.variants![1] = { key: 'corte', name: 'Outro corte' } as never;
    file.resources.push({ key: 'lavatorio', name: 'Outro', count: 0 });
    file.professionals[1]!.services = ['escova-longo', { key: 'nada', priceCents: -1 }] as never;
    file.holidays = { country: 'BR', state: 'XX' } as never;
    expect(problemsOf(file)).toEqual([
      'resources[1].count: must be at least 1 (how many people can use it at once)',
      'holidays.state: unknown state "XX" of BR (one of AC, AL, AM, AP, BA, CE, DF, ES, GO, MA, MG, MS, MT, PA, PB, PE, PI, PR, RJ, RN, RO, RR, RS, SC, SE, SP, TO)',
      'professionals[1].services[1].priceCents: must not be negative (cents, 6000 = R$ 60,00)',
      'resources[1].key: duplicate resource key "lavatorio" (also resources[0])',
      'services[0].priceFrom: priceFrom needs a price: add priceCents',
      'services[0].resources[0]: unknown resource key "cadeira" (not in resources)',
      'services[1].variants[1].key: duplicate service key "corte" (also services[0])',
      'professionals[1].services[1]: unknown service key "nada" (not in services)',
    ]);
  });

  it('when the new catalogue fields are wrong in other ways, then each message is English like the rest of the file’s, names the path and what is wrong', () => {
    const file = catalogueFile() as Record<string, unknown> & ReturnType<typeof catalogueFile>;
    file.services[2] = {
      key: 'hidratacao',
      name: 'Hidratação',
      durationMinutes: 30,
      bufferAfterMinutes: 300,
      resources: ['lavatorio', 'lavatorio'],
      variants: [
        { key: 'hidratacao-longo', name: 'Longo', priceFrom: true },
        { key: 'escova-curto', name: 'Repetida' },
      ],
    } as never;
    file.holidays = { country: 'BR', city: 'SP' } as never;
    expect(problemsOf(file)).toEqual([
      'services[2].bufferAfterMinutes: must be at most 240 minutes',
      'holidays.city: a city needs its state ("state": "SP")',
      'services[2].resources[1]: resource "lavatorio" is listed twice (also services[2].resources[0])',
      'services[2].variants[0].priceFrom: priceFrom needs a price: add priceCents here or on its service',
      'services[2].variants[1].key: duplicate service key "escova-curto" (also services[1].variants[1])',
    ]);
    file.holidays = { country: 'XX' } as never;
    expect(problemsOf(file)).toContain('holidays.country: unknown country "XX" (a date-holidays country code such as "BR")');
  });

  it('when imported, then prices, variants, buffer, resources, overrides and holidays are stored, and a second import changes nothing', async () => {
    const file = catalogueFile();
    const outcome = await importTenant(database.db, file, { keyring });
    if (outcome.kind !== 'imported') throw new Error(outcome.problems.join('\n'));
    const { db } = database;
    const services = await db.service.findMany({
      where: { tenantId: outcome.tenantId },
      orderBy: { key: 'asc' },
      select: { key: true, durationMinutes: true, priceCents: true, priceFrom: true, bufferAfterMinutes: true, parentId: true, id: true },
    });
    const escova = services.find((service) => service.key === 'escova')!;
    expect(services.map(({ id: _id, ...rest }) => rest)).toEqual([
      { key: 'corte', durationMinutes: 30, priceCents: 6000, priceFrom: false, bufferAfterMinutes: 0, parentId: null },
      { key: 'escova', durationMinutes: 40, priceCents: 8000, priceFrom: true, bufferAfterMinutes: 10, parentId: null },
      { key: 'escova-curto', durationMinutes: 40, priceCents: 8000, priceFrom: true, bufferAfterMinutes: 10, parentId: escova.id },
      { key: 'escova-longo', durationMinutes: 60, priceCents: 9000, priceFrom: false, bufferAfterMinutes: 10, parentId: escova.id },
      { key: 'hidratacao', durationMinutes: 30, priceCents: null, priceFrom: false, bufferAfterMinutes: 0, parentId: null },
    ]);
    const needing = await db.serviceResource.findMany({
      where: { tenantId: outcome.tenantId },
      select: { service: { select: { key: true } } },
    });
    expect(needing.map((link) => link.service.key).sort()).toEqual(['escova', 'escova-curto', 'escova-longo']);
    const override = await db.professionalService.findFirstOrThrow({
      where: { tenantId: outcome.tenantId, serviceId: escova.id, professional: { key: 'ana' } },
    });
    expect(override).toMatchObject({ priceCents: 7000, durationMinutes: 50 });
    const tenant = await db.tenant.findUniqueOrThrow({ where: { id: outcome.tenantId }, select: { holidays: true, updatedAt: true } });
    expect(tenant.holidays).toEqual(file.holidays);

    const dump = async () => ({
      services: await db.service.findMany({ where: { tenantId: outcome.tenantId }, orderBy: { id: 'asc' } }),
      links: await db.professionalService.findMany({
        where: { tenantId: outcome.tenantId },
        orderBy: [{ professionalId: 'asc' }, { serviceId: 'asc' }],
      }),
      resources: await db.resource.findMany({ where: { tenantId: outcome.tenantId } }),
      needs: await db.serviceResource.findMany({ where: { tenantId: outcome.tenantId }, orderBy: { serviceId: 'asc' } }),
      tenant: await db.tenant.findUniqueOrThrow({ where: { id: outcome.tenantId } }),
    });
    const before = await dump();
    await importTenant(db, file, { keyring });
    expect(await dump()).toEqual(before);
  });

  it("when the customer asks for services, then listar_servicos gives prices in reais, variants and each professional's own price and duration", async () => {
    const outcome = await importTenant(database.db, catalogueFile(), { keyring });
    if (outcome.kind !== 'imported') throw new Error(outcome.problems.join('\n'));
    const customer = await createCustomer(database.db, outcome.tenantId);
    const call = schedulingTools(database.db);
    const { servicos } = await call<ListarServicosResult>('listar_servicos', {}, customer.context());
    const strip = <T extends { id: number }>(items: T[]) => items.map(({ id: _id, ...rest }) => rest);
    const escova = servicos.find((servico) => servico.nome === 'Escova')!;
    expect({
      ...escova,
      id: undefined,
      profissionais: strip(escova.profissionais),
      variacoes: escova.variacoes?.map((v) => ({ ...v, id: undefined, profissionais: strip(v.profissionais) })),
    }).toEqual({
      id: undefined,
      nome: 'Escova',
      duracao_minutos: 40,
      preco: 'a partir de R$ 80,00',
      profissionais: [{ nome: 'Ana', preco: 'R$ 70,00', duracao_minutos: 50 }, { nome: 'Bia' }],
      variacoes: [
        {
          id: undefined,
          nome: 'Escova cabelo curto',
          duracao_minutos: 40,
          preco: 'a partir de R$ 80,00',
          profissionais: [{ nome: 'Ana' }, { nome: 'Bia' }],
        },
        {
          id: undefined,
          nome: 'Escova cabelo longo',
          duracao_minutos: 60,
          preco: 'R$ 90,00',
          profissionais: [{ nome: 'Ana' }, { nome: 'Bia' }],
        },
      ],
    });
    expect(servicos.find((servico) => servico.nome === 'Corte')?.preco).toBe('R$ 60,00');
    expect(servicos.find((servico) => servico.nome === 'Hidratação')).not.toHaveProperty('preco');
  });

  it('when staff list the services, then each one and each variant carries its price in cents and in reais', async () => {
    const outcome = await importTenant(database.db, catalogueFile(), { keyring });
    if (outcome.kind !== 'imported' || !outcome.apiKey) throw new Error('not imported');
    const response = await request(createAdminTestApp(database.db)).get('/admin/services').set(bearer(outcome.apiKey)).expect(200);
    const items = response.body.items as {
      id: number;
      name: string;
      priceCents: number | null;
      price: string | null;
      parentId: number | null;
    }[];
    const escova = items.find((item) => item.name === 'Escova')!;
    expect(items.map(({ name, priceCents, price, parentId }) => ({ name, priceCents, price, variant: parentId === escova.id }))).toEqual([
      { name: 'Corte', priceCents: 6000, price: 'R$ 60,00', variant: false },
      { name: 'Escova', priceCents: 8000, price: 'a partir de R$ 80,00', variant: false },
      { name: 'Escova cabelo curto', priceCents: 8000, price: 'a partir de R$ 80,00', variant: true },
      { name: 'Escova cabelo longo', priceCents: 9000, price: 'R$ 90,00', variant: true },
      { name: 'Hidratação', priceCents: null, price: null, variant: false },
    ]);
  });
});
