import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import { findFreeSlots } from '../../src/scheduling/availability/index.js';
import type { AgendarResult, RemarcarResult } from '../../src/scheduling/tools/index.js';
import { ToolDomainException } from '../../src/shared/index.js';
import { createTestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { createCustomer, NOW, overlappingPairs, schedulingTools } from './scheduling-test-kit.js';

const DAYS = ['2026-12-02', '2026-12-03', '2026-12-04'];

/** 09:00 + 15 min × index: covers working hours, breaks and times after closing. */
const startArbitrary = fc.record({ day: fc.integer({ min: 0, max: DAYS.length - 1 }), slot: fc.integer({ min: 0, max: 43 }) });

const commandArbitrary = fc.oneof(
  fc.record({
    kind: fc.constant('book' as const),
    customer: fc.integer({ min: 0, max: 2 }),
    professional: fc.integer({ min: 0, max: 1 }),
    service: fc.integer({ min: 0, max: 1 }),
    start: startArbitrary,
  }),
  fc.record({ kind: fc.constant('cancel' as const), customer: fc.integer({ min: 0, max: 2 }), pick: fc.nat(5) }),
  fc.record({ kind: fc.constant('reschedule' as const), customer: fc.integer({ min: 0, max: 2 }), pick: fc.nat(5), start: startArbitrary }),
);

type Command = typeof commandArbitrary extends fc.Arbitrary<infer Value> ? Value : never;

/** Each step runs one to three commands at the same time, so races are part of the sequences. */
const stepsArbitrary = fc.array(fc.array(commandArbitrary, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 });

const label = (start: { day: number; slot: number }) => {
  const minute = 9 * 60 + start.slot * 15;
  return `${DAYS[start.day]}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
};

describe('booking invariants under random sequences (fast-check)', () => {
  let db: Db;
  beforeAll(async () => {
    db = (await testDatabase()).db;
  });

  it('when customers book, cancel and reschedule at random (some at once), then no two active appointments overlap, the rows match what the tools reported, and availability never offers a taken time', async () => {
    const call = schedulingTools(db);
    await fc.assert(
      fc.asyncProperty(stepsArbitrary, async (steps) => {
        const tenant = await createTestTenant(db);
        const customers = await Promise.all([0, 1, 2].map(() => createCustomer(db, tenant.id)));
        /** What the tools said: appointment id → still booked? */
        const expectedBooked = new Map<number, boolean>();
        const owned: number[][] = [[], [], []];

        const run = async (command: Command) => {
          const customer = customers[command.customer]!;
          const mine = owned[command.customer]!;
          if (command.kind === 'book') {
            const result = await call<AgendarResult>(
              'agendar',
              {
                profissional_id: tenant.professionals[command.professional]!.id,
                servico_id: tenant.services[command.service]!.id,
                inicio: label(command.start),
              },
              customer.context(),
            );
            expectedBooked.set(result.agendamento.agendamento_id, true);
            if (!mine.includes(result.agendamento.agendamento_id)) mine.push(result.agendamento.agendamento_id);
            return;
          }
          const id = mine.length > 0 ? mine[command.pick % mine.length]! : 2_000_000_000;
          if (command.kind === 'cancel') {
            await call('cancelar', { agendamento_id: id }, customer.context());
            expectedBooked.set(id, false);
            return;
          }
          const result = await call<RemarcarResult>('remarcar', { agendamento_id: id, inicio: label(command.start) }, customer.context());
          if (!result.ja_existia) {
            expectedBooked.set(id, false);
            expectedBooked.set(result.agendamento.agendamento_id, true);
            mine.push(result.agendamento.agendamento_id);
          }
        };

        for (const step of steps) {
          const outcomes = await Promise.allSettled(step.map(run));
          for (const outcome of outcomes) {
            // Refusals written for the model are expected; anything else is a bug.
            if (outcome.status === 'rejected' && !(outcome.reason instanceof ToolDomainException)) throw outcome.reason;
          }
        }

        expect(await overlappingPairs(db, tenant.id)).toEqual([]);
        const rows = await db.appointment.findMany({
          where: { tenantId: tenant.id },
          select: { id: true, status: true, professionalId: true, startsAt: true, endsAt: true },
        });
        expect(new Map(rows.map((row) => [row.id, row.status === 'booked']))).toEqual(expectedBooked);

        const booked = rows.filter((row) => row.status === 'booked');
        for (const professional of tenant.professionals) {
          for (const service of tenant.services) {
            for (const date of DAYS) {
              const found = await findFreeSlots(db, {
                tenantId: tenant.id,
                professionalId: professional.id,
                serviceId: service.id,
                date,
                now: new Date(NOW),
              });
              if (found.kind === 'refused') expect(found.refusal.kind).toBe('service_not_offered');
              for (const slot of found.kind === 'day' ? found.day.slots : []) {
                const end = slot + service.durationMinutes * 60_000;
                const clash = booked.find(
                  (row) => row.professionalId === professional.id && row.startsAt.getTime() < end && row.endsAt.getTime() > slot,
                );
                expect(clash, `offered ${new Date(slot).toISOString()} overlaps appointment ${clash?.id}`).toBeUndefined();
              }
            }
          }
        }
      }),
      { numRuns: 15, endOnFailure: true },
    );
  }, 120_000);
});
