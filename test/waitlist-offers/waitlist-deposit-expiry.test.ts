import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepositCharge, expireDepositHold } from '../../src/deposits/index.js';
import type { AgendarResult } from '../../src/scheduling/tools/index.js';
import { createDepositSalon, type DepositWorld, depositCustomer, movableClock, startDepositWorld } from '../deposits/deposit-test-kit.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import { join, offersOf, outboundOf, queuedOpenings, runQueuedOpenings, waitlistCustomer } from './waitlist-test-kit.js';

// Monday 2026-12-07 09:00 in São Paulo; the booking is for Wednesday 14:00.
const START = '2026-12-07T12:00:00Z';
const DAY = '2026-12-09';

describe('a deposit hold that runs out is an opening for the waitlist', () => {
  let database: TestDatabase;
  let world: DepositWorld;
  const clock = movableClock(START);

  beforeAll(async () => {
    database = await testDatabase();
    world = await startDepositWorld(database.db, clock);
  });
  afterAll(async () => {
    await world.close();
  });

  it('when a booking waiting for its deposit expires unpaid, then the first entry waiting for that afternoon is offered the freed time', async () => {
    const { db } = database;
    const salon = await createDepositSalon(db);
    const coloracao = salon.services.findIndex((service) => service.key === 'coloracao');
    const payer = await depositCustomer(db, salon.id, clock);
    const booked = await payer.call<AgendarResult>(
      'agendar',
      { profissional_id: salon.anaId, servico_id: salon.coloracaoId, inicio: `${DAY}T14:00` },
      payer.context(),
    );
    expect(booked.agendamento.status).toBe('aguardando_sinal');
    const deposit = await db.deposit.findUniqueOrThrow({ where: { appointmentId: booked.agendamento.agendamento_id } });
    await createDepositCharge(world.deposits, deposit.id, { attempt: 1, maxAttempts: 3 });

    const waiting = await waitlistCustomer(db, salon, { name: 'Júlia', lastInboundAt: clock.now() });
    const entry = await join(db, salon, waiting.id, { date: DAY, period: 'tarde', service: coloracao });
    // The pending hold keeps the time: nothing is offered while it waits for the Pix.
    expect(await queuedOpenings(db, salon.id)).toEqual([]);

    clock.set('2026-12-07T12:46:00Z');
    expect((await expireDepositHold(world.deposits, deposit.id, async () => false)).kind).toBe('expired');

    const outcomes = await runQueuedOpenings(db, salon.id, clock);
    expect(outcomes).toEqual([expect.objectContaining({ kind: 'offered', entryId: entry })]);
    const [offer] = await offersOf(db, entry);
    expect(offer?.professionalId).toBe(salon.anaId);
    expect(offer?.serviceId).toBe(salon.coloracaoId);
    expect((await outboundOf(db, waiting.conversationId)).at(-1)?.text).toMatch(/ às 14:00/);
  });
});
