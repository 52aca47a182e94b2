import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashApiKey } from '../../src/auth/index.js';
import { createKeyring } from '../../src/credentials/index.js';
import { importTenant, type TenantFile } from '../../src/tenant/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const keyring = createKeyring([{ id: 'k1', key: randomBytes(32) }], { allowDevKey: false });
const withKey = { keyring };
const demoPath = path.resolve(import.meta.dirname, '../../scripts/demo-tenant.json');
const loadDemo = async (): Promise<TenantFile> => JSON.parse(await readFile(demoPath, 'utf8'));

/** A small valid tenant file; each test gives it its own slug and phone number id. */
function smallFile(slug: string, phoneNumberId: string): TenantFile {
  return {
    slug,
    name: 'Clínica Sorriso',
    timezone: 'America/Sao_Paulo',
    whatsapp: { phoneNumberId, accessToken: 'EAAG-test' },
    assistant: { businessInfo: 'Av. Paulista, 1000.' },
    booking: { minNoticeMinutes: 60, horizonDays: 30, slotStepMinutes: 15 },
    services: [
      { key: 'limpeza', name: 'Limpeza', durationMinutes: 30 },
      { key: 'clareamento', name: 'Clareamento', durationMinutes: 60 },
    ],
    professionals: [
      {
        key: 'carla',
        name: 'Dra. Carla',
        services: ['limpeza', 'clareamento'],
        hours: {
          mon: [
            ['08:00', '12:00'],
            ['13:00', '17:00'],
          ],
          fri: [['08:00', '12:00']],
        },
        timeOff: [{ from: '2026-12-24T00:00', to: '2026-12-26T00:00' }],
      },
      { key: 'paulo', name: 'Dr. Paulo', services: ['limpeza'], hours: { tue: [['09:00', '18:00']] } },
    ],
  };
}

describe('importTenant', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await testDatabase();
  });

  /** Every row of the tables an import writes, in a stable order, for exact before/after comparisons. */
  async function dumpRows() {
    const { db } = database;
    return {
      tenants: await db.$queryRaw`SELECT * FROM tenants ORDER BY id`,
      services: await db.$queryRaw`SELECT * FROM services ORDER BY id`,
      professionals: await db.$queryRaw`SELECT * FROM professionals ORDER BY id`,
      professionalServices: await db.$queryRaw`SELECT * FROM professional_services ORDER BY professional_id, service_id`,
      workingHours: await db.$queryRaw`SELECT * FROM working_hours ORDER BY id`,
      timeOff: await db.$queryRaw`SELECT * FROM time_off ORDER BY id`,
      resources: await db.$queryRaw`SELECT * FROM resources ORDER BY id`,
      serviceResources: await db.$queryRaw`SELECT * FROM service_resources ORDER BY service_id, resource_id`,
    };
  }

  it('when the demo file is imported, then the salon, its services, professionals, hours and time off exist and the key is stored hashed', async () => {
    const outcome = await importTenant(database.db, await loadDemo(), withKey);
    if (outcome.kind !== 'imported') throw new Error(outcome.problems.join('\n'));
    expect(outcome.created).toBe(true);
    const tenant = await database.db.tenant.findUniqueOrThrow({
      where: { id: outcome.tenantId },
      include: { services: true, professionals: { include: { workingHours: true, timeOff: true, services: true } }, apiKeys: true },
    });
    expect(tenant).toMatchObject({
      slug: 'salao-bela-vista',
      timezone: 'America/Sao_Paulo',
      accessToken: null,
      cancelNoticeMinutes: 120,
      address: 'Rua Treze de Maio, 1200, Bela Vista, São Paulo (perto do metrô Brigadeiro)',
      paymentMethods: 'Pix, cartão de débito e crédito',
    });
    expect(tenant.services.map((service) => service.key).sort()).toEqual(['coloracao', 'corte', 'escova', 'escova-longo', 'manicure']);
    expect(tenant.professionals).toHaveLength(3);
    const juliana = tenant.professionals.find((professional) => professional.key === 'juliana')!;
    expect(juliana.workingHours.some((hours) => hours.weekday === 1)).toBe(false);
    expect(juliana.workingHours.filter((hours) => hours.weekday === 2).map((hours) => [hours.startMinute, hours.endMinute])).toEqual(
      expect.arrayContaining([
        [540, 720],
        [780, 1140],
      ]),
    );
    expect(juliana.services).toHaveLength(3);
    const rafael = tenant.professionals.find((professional) => professional.key === 'rafael')!;
    // 2026-12-14 00:00 in São Paulo (UTC-3, no DST since 2019) is 03:00 UTC.
    expect(rafael.timeOff.map((period) => [period.startsAt.toISOString(), period.endsAt.toISOString()])).toEqual([
      ['2026-12-14T03:00:00.000Z', '2026-12-19T03:00:00.000Z'],
    ]);
    expect(tenant.apiKeys).toHaveLength(1);
    expect(tenant.apiKeys[0]!.keyHash).toBe(hashApiKey(outcome.apiKey!));
    expect(JSON.stringify(await dumpRows())).not.toContain(outcome.apiKey);
  });

  it('when the same file is imported twice, then every row stays the same (same ids, same values, the sealed token too) and no new key is minted', async () => {
    const file = smallFile('clinica-twice', '200000000000001');
    const first = await importTenant(database.db, file, withKey);
    const before = await dumpRows();
    const second = await importTenant(database.db, structuredClone(file), withKey);
    expect(second).toMatchObject({ kind: 'imported', created: false });
    expect(await dumpRows()).toEqual(before);
    if (first.kind !== 'imported' || second.kind !== 'imported') throw new Error('import refused');
    expect(second).toMatchObject({ apiKey: null, apiKeyPrefix: null });
    expect(await database.db.apiKey.count({ where: { tenantId: first.tenantId, revokedAt: null } })).toBe(1);
  });

  it('when re-imported with newKey and an expiry, then exactly one new key is minted, expiring after those days', async () => {
    const file = smallFile('clinica-new-key', '200000000000006');
    const now = new Date('2026-12-01T12:00:00Z');
    const first = await importTenant(database.db, file, withKey);
    const second = await importTenant(database.db, file, { keyring, newKey: true, keyExpiresInDays: 30, now });
    if (first.kind !== 'imported' || second.kind !== 'imported') throw new Error('import refused');
    expect(second.apiKey).toMatch(/^wa_/);
    expect(second.apiKey).not.toBe(first.apiKey);
    expect(second.apiKeyExpiresAt?.toISOString()).toBe('2026-12-31T12:00:00.000Z');
    const keys = await database.db.apiKey.findMany({ where: { tenantId: first.tenantId }, orderBy: { id: 'asc' } });
    expect(keys.map((key) => key.expiresAt?.toISOString() ?? null)).toEqual([null, '2026-12-31T12:00:00.000Z']);
  });

  it('when a file has an access token, then only its sealed form is stored; without a key to seal it the file is refused naming CREDENTIALS_KEY', async () => {
    const file = smallFile('clinica-sealed', '200000000000007');
    file.whatsapp.accessToken = 'EAAG-MARKER-6f1d2c';
    const outcome = await importTenant(database.db, file, withKey);
    if (outcome.kind !== 'imported') throw new Error('import refused');
    const stored = await database.db.tenant.findUniqueOrThrow({ where: { id: outcome.tenantId } });
    expect(stored.accessToken).toMatch(/^enc:v1:k1:/);
    expect(stored.accessToken).not.toContain('MARKER');
    expect(keyring.open(stored.accessToken!)).toBe('EAAG-MARKER-6f1d2c');

    const noKey = createKeyring(undefined, { allowDevKey: false });
    const refused = await importTenant(database.db, smallFile('clinica-no-key', '200000000000008'), { keyring: noKey });
    expect(refused).toMatchObject({ kind: 'refused', problems: [expect.stringMatching(/^whatsapp\.accessToken: .*CREDENTIALS_KEY/)] });
    expect(await database.db.tenant.count({ where: { slug: 'clinica-no-key' } })).toBe(0);
  });

  it('when a file with three different mistakes is imported, then it is refused naming all three and nothing is written', async () => {
    const file = smallFile('clinica-broken', '200000000000002') as unknown as Record<string, unknown> & TenantFile;
    file.timezone = 'America/Sao_Paolo';
    file.professionals[0]!.hours.mon = [
      ['08:00', '12:00'],
      ['13:00', '12:00'],
    ];
    file.professionals[1]!.services = ['limpeza', 'botox'];
    const before = await dumpRows();
    const outcome = await importTenant(database.db, file, withKey);
    expect(outcome.kind).toBe('refused');
    if (outcome.kind !== 'refused') return;
    expect(outcome.problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^timezone: .*time zone/),
        'professionals[0].hours.mon[1]: interval 13:00–12:00 ends before it starts',
        'professionals[1].services[1]: unknown service key "botox" (not in services)',
      ]),
    );
    expect(outcome.problems).toHaveLength(3);
    expect(await dumpRows()).toEqual(before);
  });

  it('when an updated file drops a service and a professional, then they are deactivated, not deleted, and hours are replaced', async () => {
    const file = smallFile('clinica-update', '200000000000003');
    const first = await importTenant(database.db, file, withKey);
    if (first.kind !== 'imported') throw new Error('import refused');
    const carlaBefore = await database.db.professional.findFirstOrThrow({ where: { tenantId: first.tenantId, key: 'carla' } });
    const updated = smallFile('clinica-update', '200000000000003');
    updated.services = updated.services.filter((service) => service.key === 'limpeza');
    updated.professionals = [{ ...updated.professionals[0]!, services: ['limpeza'], hours: { wed: [['10:00', '16:00']] }, timeOff: [] }];
    const second = await importTenant(database.db, updated, withKey);
    expect(second).toMatchObject({ kind: 'imported', tenantId: first.tenantId, created: false });

    const services = await database.db.service.findMany({ where: { tenantId: first.tenantId }, orderBy: { key: 'asc' } });
    expect(services.map(({ key, active }) => ({ key, active }))).toEqual([
      { key: 'clareamento', active: false },
      { key: 'limpeza', active: true },
    ]);
    const professionals = await database.db.professional.findMany({
      where: { tenantId: first.tenantId },
      orderBy: { key: 'asc' },
      include: { workingHours: true, timeOff: true, services: true },
    });
    expect(professionals.map(({ key, active }) => ({ key, active }))).toEqual([
      { key: 'carla', active: true },
      { key: 'paulo', active: false },
    ]);
    const carla = professionals[0]!;
    expect(carla.id).toBe(carlaBefore.id);
    expect(carla.workingHours.map(({ weekday, startMinute, endMinute }) => [weekday, startMinute, endMinute])).toEqual([[3, 600, 960]]);
    expect(carla.timeOff).toEqual([]);
    expect(carla.services.map((link) => link.serviceId)).toEqual([services[1]!.id]);

    const third = await importTenant(database.db, file, withKey);
    expect(third.kind).toBe('imported');
    const reactivated = await database.db.service.findFirstOrThrow({ where: { tenantId: first.tenantId, key: 'clareamento' } });
    expect(reactivated).toMatchObject({ id: services[0]!.id, active: true });
  });

  it('when time off is given in a zone with DST, then each end is converted with the offset in force at that local time', async () => {
    const file = smallFile('clinica-nova-york', '200000000000004');
    file.timezone = 'America/New_York';
    // DST starts in New York on 2026-03-08 at 02:00 (UTC-5 → UTC-4); the period spans it.
    file.professionals[0]!.timeOff = [
      { from: '2026-03-07T12:00', to: '2026-03-09T12:00' },
      { from: '2026-07-01T09:00', to: '2026-07-01T10:30' },
    ];
    const outcome = await importTenant(database.db, file, withKey);
    if (outcome.kind !== 'imported') throw new Error(outcome.problems.join('\n'));
    const periods = await database.db.timeOff.findMany({
      where: { professional: { tenantId: outcome.tenantId, key: 'carla' } },
      orderBy: { startsAt: 'asc' },
    });
    expect(periods.map((period) => [period.startsAt.toISOString(), period.endsAt.toISOString()])).toEqual([
      ['2026-03-07T17:00:00.000Z', '2026-03-09T16:00:00.000Z'],
      ['2026-07-01T13:00:00.000Z', '2026-07-01T14:30:00.000Z'],
    ]);
  });

  it('when another tenant already uses the phone number id, then the import is refused naming the field', async () => {
    await importTenant(database.db, smallFile('clinica-dona', '200000000000005'), withKey);
    const before = await dumpRows();
    const outcome = await importTenant(database.db, smallFile('clinica-intrusa', '200000000000005'), withKey);
    expect(outcome).toEqual({ kind: 'refused', problems: ['whatsapp.phoneNumberId: already used by tenant "clinica-dona"'] });
    expect(await dumpRows()).toEqual(before);
  });
});
