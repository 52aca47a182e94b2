import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepositTasks } from '../../src/boot/index.js';
import { TASKS } from '../../src/queue/index.js';
import type { AgendarResult } from '../../src/scheduling/tools/index.js';
import { createDepositSalon, type DepositWorld, depositCustomer, movableClock, startDepositWorld } from '../deposits/deposit-test-kit.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';

type Task = (payload: unknown, helpers: unknown, fence: unknown) => Promise<unknown>;
const helpers = (attempts: number) => ({ job: { attempts, max_attempts: 3 } });

describe('the deposits’ jobs as the worker runs them', () => {
  let database: TestDatabase;
  let world: DepositWorld;
  const clock = movableClock('2026-12-07T12:00:00Z');
  beforeAll(async () => {
    database = await testDatabase();
    world = await startDepositWorld(database.db, clock);
  });
  afterAll(async () => {
    await world.close();
  });

  it('when Mercado Pago is down, then the charge job throws so the queue retries it, the retry creates the charge, and the expiry job releases the hold at its end', async () => {
    const tasks = createDepositTasks(world.deposits);
    const charge = tasks[TASKS.createDepositCharge] as Task;
    const expire = tasks[TASKS.expireDepositHold] as Task;
    const salon = await createDepositSalon(database.db);
    const customer = await depositCustomer(database.db, salon.id, clock);
    const booked = await customer.call<AgendarResult>(
      'agendar',
      { profissional_id: salon.anaId, servico_id: salon.coloracaoId, inicio: '2026-12-07T14:00' },
      customer.context(),
    );
    const deposit = await database.db.deposit.findUniqueOrThrow({ where: { appointmentId: booked.agendamento.agendamento_id } });
    world.fake.setDown(true);
    try {
      await expect(charge({ depositId: deposit.id }, helpers(1), null)).rejects.toThrow(/Mercado Pago unavailable/);
    } finally {
      world.fake.setDown(false);
    }
    await charge({ depositId: deposit.id }, helpers(2), null);
    expect((await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).pixCode).not.toBeNull();
    clock.set('2026-12-07T12:46:00Z');
    await expire({ depositId: deposit.id }, helpers(1), null);
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: deposit.appointmentId } })).status).toBe('expired');
    await expect(charge({}, helpers(1), null)).rejects.toThrow(/depositId/);
    const cancel = tasks[TASKS.cancelDepositCharge] as Task;
    await expect(cancel({ depositId: deposit.id }, helpers(1), null)).rejects.toThrow(/paymentId/);
    world.fake.setDown(true);
    try {
      await expect(cancel({ depositId: deposit.id, paymentId: deposit.paymentId ?? '1' }, helpers(1), null)).rejects.toThrow(
        /Mercado Pago unavailable/,
      );
    } finally {
      world.fake.setDown(false);
    }
  });
});
