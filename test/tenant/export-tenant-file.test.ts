import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKeyring } from '../../src/credentials/index.js';
import { exportTenantFile, importTenant, parseTenantFile, type TenantFile } from '../../src/tenant/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

const keyring = createKeyring([{ id: 'k1', key: randomBytes(32) }], { allowDevKey: false });
const demoPath = path.resolve(import.meta.dirname, '../../scripts/demo-tenant.json');

/** A file using every optional block, with values the import stores differently from how they are written. */
function richFile(slug: string, phoneNumberId: string): TenantFile {
  return {
    slug,
    name: 'Studio Rico',
    timezone: 'America/Sao_Paulo',
    whatsapp: { phoneNumberId, accessToken: 'EAAG-rich-token' },
    assistant: { businessInfo: 'Rua A, 1.', address: 'Rua A, 1', paymentMethods: 'Pix', ownerReplyPauseMinutes: 60 },
    booking: { minNoticeMinutes: 30, horizonDays: 60, slotStepMinutes: 10, cancelNoticeMinutes: 240 },
    retention: { days: 90 },
    services: [
      {
        key: 'escova',
        name: 'Escova',
        durationMinutes: 40,
        priceCents: 6000,
        priceFrom: true,
        bufferAfterMinutes: 10,
        resources: ['lavatorio'],
        // no price of its own: it reads as its parent's, "a partir de" included
        variants: [{ key: 'escova-longo', name: 'Escova longa', durationMinutes: 60 }],
      },
      { key: 'barba', name: 'Barba', durationMinutes: 20 },
    ],
    resources: [{ key: 'lavatorio', name: 'Lavatório', count: 2 }],
    holidays: { country: 'BR', state: 'SP', open: ['2026-11-20'], closed: ['2026-12-31'] },
    professionals: [
      {
        key: 'zeca',
        name: 'Zeca',
        services: [{ key: 'escova', priceCents: 7000 }, 'barba', { key: 'escova-longo', durationMinutes: 70 }],
        hours: {
          sat: [['09:00', '13:00']],
          mon: [
            ['14:00', '24:00'],
            ['08:00', '12:00'],
          ],
        },
        timeOff: [
          { from: '2027-01-05T08:00', to: '2027-01-06T00:00' },
          { from: '2026-12-24T00:00', to: '2026-12-26T00:00' },
        ],
      },
    ],
    templates: { appointmentChanged: { name: 'agendamento_alterado', language: 'pt_BR' } },
    quickReplies: [{ shortcut: 'pix', text: 'Chave: CNPJ' }],
    reminders: [{ beforeMinutes: 1440, template: 'lembrete_agendamento', language: 'pt_BR' }],
  };
}

describe('exportTenantFile: the tenant as a file that imports to no change', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await testDatabase();
  });

  async function rowsOf(tenantId: number) {
    const { db } = database;
    return {
      tenant: await db.$queryRaw`SELECT * FROM tenants WHERE id = ${tenantId}`,
      services: await db.$queryRaw`SELECT * FROM services WHERE tenant_id = ${tenantId} ORDER BY id`,
      professionals: await db.$queryRaw`SELECT * FROM professionals WHERE tenant_id = ${tenantId} ORDER BY id`,
      links: await db.$queryRaw`SELECT * FROM professional_services WHERE tenant_id = ${tenantId} ORDER BY professional_id, service_id`,
      hours: await db.$queryRaw`SELECT * FROM working_hours WHERE tenant_id = ${tenantId} ORDER BY id`,
      timeOff: await db.$queryRaw`SELECT * FROM time_off WHERE tenant_id = ${tenantId} ORDER BY id`,
      resources: await db.$queryRaw`SELECT * FROM resources WHERE tenant_id = ${tenantId} ORDER BY id`,
      serviceResources: await db.$queryRaw`SELECT * FROM service_resources WHERE tenant_id = ${tenantId} ORDER BY service_id, resource_id`,
      quickReplies: await db.$queryRaw`SELECT * FROM quick_replies WHERE tenant_id = ${tenantId} ORDER BY id`,
    };
  }

  async function roundTrip(file: TenantFile) {
    const imported = await importTenant(database.db, file, { keyring });
    if (imported.kind !== 'imported') throw new Error(imported.problems.join('\n'));
    const exported = await exportTenantFile(database.db, imported.tenantId);
    const parsed = parseTenantFile(JSON.parse(JSON.stringify(exported)));
    if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
    const before = await rowsOf(imported.tenantId);
    const again = await importTenant(database.db, parsed.file, { keyring });
    expect(again).toMatchObject({ kind: 'imported', created: false, apiKey: null });
    expect(await rowsOf(imported.tenantId)).toEqual(before);
    expect(await exportTenantFile(database.db, imported.tenantId)).toEqual(exported);
    return { tenantId: imported.tenantId, exported: exported! };
  }

  it('when the demo salon is exported and re-imported, then no row changes and the file is the same', async () => {
    const demo = JSON.parse(await readFile(demoPath, 'utf8')) as TenantFile;
    const { exported } = await roundTrip({ ...demo, slug: 'demo-export', whatsapp: { phoneNumberId: '310000000000001' } });
    expect(exported.services.map((service) => service.key)).toEqual(['coloracao', 'corte', 'escova', 'manicure']);
    expect(exported.professionals.find((professional) => professional.key === 'rafael')?.timeOff).toEqual([
      { from: '2026-12-14T00:00', to: '2026-12-19T00:00' },
    ]);
  });

  it('when a file with every optional block is exported, then it carries them (no secret) and re-imports to no change', async () => {
    const { tenantId, exported } = await roundTrip(richFile('rich-export', '310000000000002'));
    expect(exported.whatsapp).toEqual({ phoneNumberId: '310000000000002' });
    expect(JSON.stringify(exported)).not.toContain('EAAG');
    expect(exported.services[0]).toEqual({
      key: 'barba',
      name: 'Barba',
      durationMinutes: 20,
    });
    expect(exported.services[1]).toMatchObject({
      key: 'escova',
      priceCents: 6000,
      priceFrom: true,
      bufferAfterMinutes: 10,
      resources: ['lavatorio'],
      variants: [{ key: 'escova-longo', name: 'Escova longa', durationMinutes: 60, priceCents: 6000, priceFrom: true }],
    });
    expect(exported.professionals[0]).toEqual({
      key: 'zeca',
      name: 'Zeca',
      services: ['barba', { key: 'escova', priceCents: 7000 }, { key: 'escova-longo', durationMinutes: 70 }],
      hours: {
        mon: [
          ['08:00', '12:00'],
          ['14:00', '24:00'],
        ],
        sat: [['09:00', '13:00']],
      },
      timeOff: [
        { from: '2026-12-24T00:00', to: '2026-12-26T00:00' },
        { from: '2027-01-05T08:00', to: '2027-01-06T00:00' },
      ],
    });
    expect(exported).toMatchObject({
      holidays: { country: 'BR', state: 'SP', open: ['2026-11-20'], closed: ['2026-12-31'] },
      quickReplies: [{ shortcut: 'pix', text: 'Chave: CNPJ' }],
      retention: { days: 90 },
      assistant: { ownerReplyPauseMinutes: 60 },
    });
    // The exported file has no token: the stored one stays; `null` removes it.
    expect((await database.db.tenant.findUniqueOrThrow({ where: { id: tenantId } })).accessToken).toMatch(/^enc:v1:k1:/);
    const removed = await importTenant(database.db, { ...exported, whatsapp: { ...exported.whatsapp, accessToken: null } }, { keyring });
    expect(removed.kind).toBe('imported');
    expect((await database.db.tenant.findUniqueOrThrow({ where: { id: tenantId } })).accessToken).toBeNull();
  });

  it('when the tenant does not exist, then null', async () => {
    expect(await exportTenantFile(database.db, 987_654)).toBeNull();
  });
});
