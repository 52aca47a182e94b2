import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import type { BuscarHorariosResult } from '../../src/scheduling/tools/index.js';
import { addDays, ToolDomainException } from '../../src/shared/index.js';
import { offeredStarts, type SchedulingCall, type StaffApi, setUpAgenda } from '../admin/agenda-test-kit.js';
import { createTestConversation, type TestTenant } from '../support/factories.js';
import { createCustomer, insertAppointment } from './scheduling-test-kit.js';

describe('GET /admin/availability is exactly what buscar_horarios offers', () => {
  let db: Db;
  let tenant: TestTenant;
  let api: StaffApi;
  let call: SchedulingCall;

  beforeAll(async () => {
    ({ db, tenant, api, call } = await setUpAgenda());
    // A busy month: appointments of every status and blocks, scattered by a seeded generator.
    const { customer } = await createTestConversation(db, tenant.id);
    const [seedRandom] = fc.sample(fc.integer({ min: 1, max: 1_000_000 }), { numRuns: 1, seed: 14 });
    let random = seedRandom ?? 1;
    const next = (limit: number) => {
      random = (random * 1_103_515_245 + 12_345) % 2_147_483_648;
      return random % limit;
    };
    const statuses = ['booked', 'confirmed', 'cancelled', 'booked', 'confirmed'];
    for (let day = 0; day < 33; day++) {
      const date = addDays('2026-12-01', day);
      for (const professional of tenant.professionals) {
        const count = next(5);
        for (let index = 0; index < count; index++) {
          const minute = 9 * 60 + next(36) * 15;
          const startsAt = new Date(Date.parse(`${date}T00:00:00-03:00`) + minute * 60_000);
          const durationMinutes = [30, 45, 90][next(3)]!;
          await insertAppointment(db, {
            tenantId: tenant.id,
            professionalId: professional.id,
            serviceId: tenant.services[0]!.id,
            customerId: customer.id,
            startsAt: startsAt.toISOString(),
            endsAt: new Date(startsAt.getTime() + durationMinutes * 60_000).toISOString(),
            status: statuses[next(statuses.length)]!,
            createdAt: '2026-11-01T00:00:00Z',
          }).catch(() => undefined); // an overlap the constraint refuses is simply not there
        }
        if (next(4) === 0) {
          const from = `${date}T${String(9 + next(8)).padStart(2, '0')}:00`;
          await api.post(`/admin/professionals/${professional.id}/blocks`, { from, to: `${date}T18:30` });
        }
      }
    }
  });

  it('when random professionals, services and days are asked both ways, then the free starts are identical', async () => {
    const professionalIds = tenant.professionals.map((professional) => professional.id);
    const serviceIds = [...tenant.services.map((service) => service.id), undefined];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...professionalIds),
        fc.constantFrom(...serviceIds),
        fc.integer({ min: -1, max: 33 }),
        async (professionalId, serviceId, offset) => {
          const date = addDays('2026-12-01', offset);
          const customer = await createCustomer(db, tenant.id);
          const query = `date=${date}&professionalId=${professionalId}${serviceId ? `&serviceId=${serviceId}` : ''}`;
          const staff = await api.get(`/admin/availability?${query}`);
          const bot = await call<BuscarHorariosResult>(
            'buscar_horarios',
            { profissional_id: professionalId, data: date, ...(serviceId ? { servico_id: serviceId } : {}) },
            customer.context(),
          ).then(
            (result) => ({ ok: true as const, starts: offeredStarts(result) }),
            (error: unknown) => {
              if (!(error instanceof ToolDomainException)) throw error;
              return { ok: false as const, code: error.code };
            },
          );
          if (bot.ok) {
            expect(staff.status).toBe(200);
            expect(staff.body.slots).toEqual(bot.starts);
          } else if (['date_past', 'beyond_horizon', 'no_working_hours'].includes(bot.code)) {
            expect(staff.status).toBe(200);
            expect(staff.body).toEqual({ slots: [], reason: bot.code });
          } else {
            expect(staff.status).toBe(422);
            expect(staff.body.error.code).toBe(bot.code);
          }
        },
      ),
      { numRuns: 80, seed: 1414 },
    );
  });
});
