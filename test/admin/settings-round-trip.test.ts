import fc from 'fast-check';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { plainOnlyKeyring } from '../../src/credentials/index.js';
import type { Db } from '../../src/db/index.js';
import { importTenant, type TenantFile } from '../../src/tenant/index.js';
import { createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { bearer, createAdminTestApp } from './admin-test-app.js';

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
const clock = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** A day's working intervals: sorted, disjoint, non-empty, on a 15-minute grid (a break is the gap between two). */
const dayHours = fc
  .uniqueArray(fc.integer({ min: 0, max: 96 }), { minLength: 0, maxLength: 6 })
  .map((points) => points.sort((a, b) => a - b))
  .map((points) => {
    const intervals: [string, string][] = [];
    for (let index = 0; index + 1 < points.length; index += 2) intervals.push([clock(points[index]! * 15), clock(points[index + 1]! * 15)]);
    return intervals;
  });

const service = fc.record(
  {
    name: fc.constantFrom('Corte', 'Escova', 'Manicure', 'Pé e mão', 'Coloração', 'Barba'),
    durationMinutes: fc.integer({ min: 5, max: 240 }),
    priceCents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
    bufferAfterMinutes: fc.option(fc.integer({ min: 1, max: 60 }), { nil: undefined }),
  },
  { requiredKeys: ['name', 'durationMinutes'] },
);

const settings = fc.record({
  booking: fc.record({
    minNoticeMinutes: fc.integer({ min: 0, max: 2880 }),
    horizonDays: fc.integer({ min: 2, max: 366 }),
    slotStepMinutes: fc.integer({ min: 5, max: 240 }),
    cancelNoticeMinutes: fc.integer({ min: 0, max: 2880 }),
  }),
  businessInfo: fc.string({ maxLength: 80 }),
  reminderMinutes: fc.uniqueArray(fc.integer({ min: 1, max: 2880 }), { maxLength: 3 }),
  services: fc.array(service, { minLength: 1, maxLength: 3 }),
  professional: fc.record({
    name: fc.constantFrom('Carla', 'Zé', 'Júlia Maria'),
    hours: fc.array(dayHours, { minLength: 7, maxLength: 7 }),
    overridePriceCents: fc.option(fc.integer({ min: 0, max: 100_000 }), { nil: undefined }),
  }),
});

describe('settings saved through the API, exported and re-imported, are identical', () => {
  let db: Db;
  beforeAll(async () => {
    ({ db } = await testDatabase());
  });

  async function rowsOf(tenantId: number) {
    return {
      tenant: await db.$queryRaw`SELECT * FROM tenants WHERE id = ${tenantId}`,
      services: await db.$queryRaw`SELECT * FROM services WHERE tenant_id = ${tenantId} ORDER BY id`,
      professionals: await db.$queryRaw`SELECT * FROM professionals WHERE tenant_id = ${tenantId} ORDER BY id`,
      links: await db.$queryRaw`SELECT * FROM professional_services WHERE tenant_id = ${tenantId} ORDER BY professional_id, service_id`,
      hours: await db.$queryRaw`SELECT * FROM working_hours WHERE tenant_id = ${tenantId} ORDER BY id`,
      timeOff: await db.$queryRaw`SELECT * FROM time_off WHERE tenant_id = ${tenantId} ORDER BY id`,
    };
  }

  it('for random valid settings, services and a professional, the export re-imports to the same rows and the same file', async () => {
    await fc.assert(
      fc.asyncProperty(settings, async (generated) => {
        const tenant = await createTestTenant(db);
        const app = createAdminTestApp(db);
        const auth = bearer(tenant.apiKey);
        const reminders = generated.reminderMinutes
          .filter((minutes) => minutes <= generated.booking.horizonDays * 1440)
          .map((beforeMinutes) => ({ beforeMinutes, template: 'lembrete_agendamento', language: 'pt_BR' }));
        await request(app)
          .put('/admin/settings')
          .set(auth)
          .send({ booking: generated.booking, assistant: { businessInfo: generated.businessInfo }, reminders })
          .expect(200);
        const keys: string[] = [];
        for (const entry of generated.services) {
          const created = await request(app).post('/admin/services').set(auth).send(entry).expect(201);
          keys.push(created.body.key);
        }
        const hours = Object.fromEntries(WEEKDAYS.map((day, index) => [day, generated.professional.hours[index]!]));
        const [first, ...rest] = keys;
        const professional = await request(app)
          .post('/admin/professionals')
          .set(auth)
          .send({
            name: generated.professional.name,
            services: [
              generated.professional.overridePriceCents === undefined
                ? first
                : { key: first, priceCents: generated.professional.overridePriceCents },
              ...rest,
            ],
            hours,
          })
          .expect(201);

        const exported = (await request(app).get('/admin/tenant-file').set(auth).expect(200)).body as TenantFile;
        expect(exported.booking).toEqual(generated.booking);
        expect(exported.reminders).toEqual(reminders);
        for (const [index, entry] of generated.services.entries()) {
          expect(exported.services.find((saved) => saved.key === keys[index])).toMatchObject(JSON.parse(JSON.stringify(entry)));
        }
        const saved = exported.professionals.find((entry) => entry.key === professional.body.key)!;
        expect(saved.hours).toEqual(Object.fromEntries(Object.entries(hours).filter(([, intervals]) => intervals.length > 0)));

        const before = await rowsOf(tenant.id);
        const imported = await importTenant(db, exported, { keyring: plainOnlyKeyring });
        expect(imported).toMatchObject({ kind: 'imported', created: false, tenantId: tenant.id });
        expect(await rowsOf(tenant.id)).toEqual(before);
        expect((await request(app).get('/admin/tenant-file').set(auth).expect(200)).body).toEqual(exported);
      }),
      { numRuns: 8 },
    );
  }, 180_000);
});
