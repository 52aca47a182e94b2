import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulingDepsOf } from '../../src/boot/index.js';
import { cancelDepositCharge, createDepositCharge, type StaffDepositAction, settleDepositByStaff } from '../../src/deposits/index.js';
import type { AgendarResult } from '../../src/scheduling/tools/index.js';
import { type TestDatabase, testDatabase } from '../support/test-database.js';
import {
  createDepositSalon,
  type DepositWorld,
  depositCustomer,
  MP_SECRET,
  movableClock,
  outboundTexts,
  startDepositWorld,
} from './deposit-test-kit.js';

const START = '2026-12-07T12:00:00Z';

describe('deposits settled by staff: the Pix charge is cancelled, a Pix that still lands is refunded', () => {
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

  /** A coloração booked through agendar, its Pix charge created, then settled by staff (API key). */
  async function settledBooking(action: StaffDepositAction, start: string) {
    clock.set(START);
    const salon = await createDepositSalon(database.db);
    const customer = await depositCustomer(database.db, salon.id, clock);
    const booked = await customer.call<AgendarResult>(
      'agendar',
      { profissional_id: salon.anaId, servico_id: salon.coloracaoId, inicio: start },
      customer.context(),
    );
    const appointmentId = booked.agendamento.agendamento_id;
    const deposit = await database.db.deposit.findUniqueOrThrow({ where: { appointmentId } });
    await createDepositCharge(world.deposits, deposit.id, { attempt: 1, maxAttempts: 3 });
    const payment = world.fake.paymentFor(`appointment:${appointmentId}`)!;
    clock.set('2026-12-07T12:05:00Z');
    const settled = await settleDepositByStaff(schedulingDepsOf(database.db), {
      tenantId: salon.id,
      appointmentId,
      action,
      actor: { kind: 'api_key', apiKeyId: 1 },
      now: clock.now(),
    });
    expect(settled).toEqual({ kind: 'settled', appointmentId });
    return { salon, customer, appointmentId, deposit, payment };
  }

  const cancelJobs = async (depositId: number) =>
    database.db.$queryRaw<{ payload: unknown }[]>`
      SELECT j.payload FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
       WHERE t.identifier = 'cancel-deposit-charge' AND j.key = ${`deposit-cancel:${depositId}`}`;

  it('when staff waive a deposit whose Pix is open, then a job cancels the charge at Mercado Pago, so the code can no longer be paid', async () => {
    const { appointmentId, deposit, payment } = await settledBooking('waive', '2026-12-09T14:00');
    expect(world.fake.payments.get(payment.id)?.status).toBe('pending');
    expect(await cancelJobs(deposit.id)).toEqual([{ payload: { depositId: deposit.id, paymentId: String(payment.id) } }]);
    expect(await cancelDepositCharge(world.deposits, { depositId: deposit.id, paymentId: String(payment.id) })).toEqual({
      kind: 'cancelled',
    });
    expect(world.fake.payments.get(payment.id)?.status).toBe('cancelled');
    expect(await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).toMatchObject({ status: 'waived', paymentId: null });
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('booked');
  });

  it('when the customer pays the Pix after staff marked the deposit paid in cash, then the payment is refunded once, the booking stands and the customer is told', async () => {
    const { salon, customer, appointmentId, deposit, payment } = await settledBooking('paid', '2026-12-09T15:30');
    world.fake.approve(payment.id); // paid before the cancel job ran
    clock.set('2026-12-07T12:06:00Z');
    expect((await world.fake.notify(world.webhookUrl(salon.slug), MP_SECRET, payment.id)).status).toBe(200);
    expect(world.fake.payments.get(payment.id)?.refunds).toHaveLength(1);
    expect(await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).toMatchObject({
      status: 'paid',
      paymentId: null,
      refundedAt: new Date('2026-12-07T12:06:00Z'),
    });
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('booked');
    const told = await outboundTexts(database.db, customer.conversationId);
    expect(told.at(-1)).toMatch(/Pix de R\$ 54,00.*já estava pago no salão.*devolver.*continua confirmado/);

    // A redelivered notification and the cancel job that comes after change nothing more.
    expect((await world.fake.notify(world.webhookUrl(salon.slug), MP_SECRET, payment.id)).status).toBe(200);
    const outcome = await cancelDepositCharge(world.deposits, { depositId: deposit.id, paymentId: String(payment.id) });
    expect(outcome.kind).toBe('paid_before');
    expect(world.fake.payments.get(payment.id)?.refunds).toHaveLength(1);
    expect(await outboundTexts(database.db, customer.conversationId)).toEqual(told);
  });

  it('when a waived deposit’s Pix is paid and its notification never comes, then the cancel job finds the payment and refunds it', async () => {
    const { customer, deposit, payment } = await settledBooking('waive', '2026-12-10T14:00');
    world.fake.approve(payment.id);
    const outcome = await cancelDepositCharge(world.deposits, { depositId: deposit.id, paymentId: String(payment.id) });
    expect(outcome).toEqual({ kind: 'paid_before', outcome: 'refunded_settled_by_staff' });
    expect(world.fake.payments.get(payment.id)?.refunds).toHaveLength(1);
    expect((await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe('waived');
    expect((await outboundTexts(database.db, customer.conversationId)).at(-1)).toMatch(/já tinha dispensado o sinal/);
  });
});
