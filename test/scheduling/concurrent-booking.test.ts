import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/db/index.js';
import type { AgendarResult, RemarcarResult } from '../../src/scheduling/tools/index.js';
import { ToolDomainException } from '../../src/shared/index.js';
import { createTestTenant, type TestTenant } from '../support/factories.js';
import { testDatabase } from '../support/test-database.js';
import { createCustomer, overlappingPairs, refusal, schedulingTools, waitForLockWaiter } from './scheduling-test-kit.js';

describe('concurrent bookings of one slot', () => {
  let db: Db;
  let url: string;
  let tenant: TestTenant;
  let call: ReturnType<typeof schedulingTools>;

  beforeAll(async () => {
    ({ db, url } = await testDatabase());
    tenant = await createTestTenant(db);
    call = schedulingTools(db);
  });

  it('when 50 customers book the same slot at once, then exactly one gets it and 49 hear it was just taken, with alternatives', async () => {
    const [ana, corte] = [tenant.professionals[0]!, tenant.services[0]!];
    const customers = await Promise.all(Array.from({ length: 50 }, () => createCustomer(db, tenant.id)));
    const input = { profissional_id: ana.id, servico_id: corte.id, inicio: '2026-12-02T10:00' };
    const outcomes = await Promise.allSettled(customers.map((customer) => call<AgendarResult>('agendar', input, customer.context())));

    const won = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const lost = outcomes.flatMap((outcome) => (outcome.status === 'rejected' ? [outcome.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(49);
    // Losers that raced the winner's insert are refused by the constraint, later ones by availability: both say "just taken".
    for (const reason of lost) {
      expect(reason).toBeInstanceOf(ToolDomainException);
      expect((reason as ToolDomainException).code).toBe('slot_just_taken');
      expect((reason as ToolDomainException).message).toBe(
        'O horário 2026-12-02T10:00 com Ana acabou de ser ocupado por outro cliente. Horários livres mais próximos: 2026-12-02T09:15, 2026-12-02T09:30, 2026-12-02T10:30. Ofereça um deles ao cliente.',
      );
    }
    const rows = await db.appointment.findMany({ where: { tenantId: tenant.id, professionalId: ana.id, status: 'booked' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.startsAt.toISOString()).toBe('2026-12-02T13:00:00.000Z');
  });

  it('when several reschedules race for one slot, then one wins (its appointment, same id, moves there) and every loser keeps its original time', async () => {
    const [bia, corte] = [tenant.professionals[1]!, tenant.services[0]!];
    const customers = await Promise.all(Array.from({ length: 8 }, () => createCustomer(db, tenant.id)));
    const originals = await Promise.all(
      customers.map((customer, index) =>
        call<AgendarResult>(
          'agendar',
          { profissional_id: bia.id, servico_id: corte.id, inicio: `2026-12-03T${10 + index}:00` },
          customer.context(),
        ),
      ),
    );
    const outcomes = await Promise.allSettled(
      customers.map((customer, index) =>
        call<RemarcarResult>(
          'remarcar',
          { agendamento_id: originals[index]!.agendamento.agendamento_id, inicio: '2026-12-03T18:30' },
          customer.context(),
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const winnerIndex = outcomes.findIndex((outcome) => outcome.status === 'fulfilled');
    for (const [index, original] of originals.entries()) {
      const row = await db.appointment.findUniqueOrThrow({ where: { id: original.agendamento.agendamento_id } });
      expect([row.status, row.startsAt.toISOString()]).toEqual([
        'booked',
        index === winnerIndex ? '2026-12-03T21:30:00.000Z' : `2026-12-03T${13 + index}:00:00.000Z`,
      ]);
    }
    expect(await db.appointment.count({ where: { professionalId: bia.id, status: 'booked' } })).toBe(8);
    expect(await overlappingPairs(db, tenant.id)).toEqual([]);
  });

  it('when a competing booking commits while the reschedule transaction waits on it, then the constraint refuses the new time and the old appointment stays booked', async () => {
    const [ana, corte] = [tenant.professionals[0]!, tenant.services[0]!];
    const [customer, competitor] = [await createCustomer(db, tenant.id), await createCustomer(db, tenant.id)];
    const original = await call<AgendarResult>(
      'agendar',
      { profissional_id: ana.id, servico_id: corte.id, inicio: '2026-12-09T10:00' },
      customer.context(),
    );
    // An uncommitted booking of 15:00 that availability cannot see yet but the constraint will wait for.
    const blocker = new pg.Client({ connectionString: url });
    await blocker.connect();
    try {
      await blocker.query('BEGIN');
      await blocker.query(
        `INSERT INTO appointments (tenant_id, professional_id, service_id, customer_id, starts_at, ends_at) VALUES ($1, $2, $3, $4, '2026-12-09T18:00:00Z', '2026-12-09T18:30:00Z')`,
        [tenant.id, ana.id, corte.id, competitor.customerId],
      );
      const reschedule = call(
        'remarcar',
        { agendamento_id: original.agendamento.agendamento_id, inicio: '2026-12-09T15:00' },
        customer.context(),
      );
      const settled = reschedule.then(
        () => undefined,
        () => undefined,
      );
      await waitForLockWaiter(blocker);
      await blocker.query('COMMIT');
      await settled;
      const message = await refusal(reschedule, 'slot_just_taken');
      expect(message).toBe(
        'O horário 2026-12-09T15:00 com Ana acabou de ser ocupado por outro cliente. Horários livres mais próximos: 2026-12-09T14:15, 2026-12-09T14:30, 2026-12-09T15:30. Ofereça um deles ao cliente.',
      );
    } finally {
      await blocker.end();
    }
    const rows = await db.appointment.findMany({ where: { customerId: customer.customerId } });
    expect(rows.map((row) => [row.id, row.status, row.startsAt.toISOString()])).toEqual([
      [original.agendamento.agendamento_id, 'booked', '2026-12-09T13:00:00.000Z'],
    ]);
  });
});
