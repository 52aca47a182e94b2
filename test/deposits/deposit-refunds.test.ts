import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schedulingDepsOf } from '../../src/boot/index.js';
import {
  computeDepositStats,
  createDepositCharge,
  formatDepositStats,
  refundDeposit,
  refundsOnCancellation,
} from '../../src/deposits/index.js';
import { cancelAppointment, staffPolicy } from '../../src/scheduling/appointments/index.js';
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

describe('deposits: a cancellation refunds inside the window only', () => {
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

  /** A coloração booked through agendar and paid by Pix (notified and applied). */
  async function paidBooking(start: string) {
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
    world.fake.approve(payment.id);
    expect((await world.fake.notify(world.webhookUrl(salon.slug), MP_SECRET, payment.id)).status).toBe(200);
    expect((await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe('paid');
    return { salon, customer, appointmentId, deposit, payment };
  }

  const refundJobs = async (depositId: number) =>
    (
      await database.db.$queryRaw<{ count: number }[]>`
        SELECT count(*)::int AS count FROM graphile_worker.jobs WHERE key = ${`deposit-refund:${depositId}`}`
    )[0]?.count ?? 0;

  it('when the customer cancels at least refundUntilHours ahead, then the deposit is refunded through Mercado Pago and the customer told', async () => {
    const { customer, appointmentId, deposit, payment } = await paidBooking('2026-12-10T14:00');
    clock.set('2026-12-08T12:00:00Z'); // 2 days ahead
    await customer.call('cancelar', { agendamento_id: appointmentId }, customer.context());
    expect(await refundJobs(deposit.id)).toBe(1);
    expect((await outboundTexts(database.db, customer.conversationId)).at(-1)).toMatch(/sinal de R\$ 54,00 será devolvido/);
    expect(await refundDeposit(world.deposits, deposit.id)).toEqual({ kind: 'refunded' });
    expect(await refundDeposit(world.deposits, deposit.id)).toEqual({ kind: 'nothing_to_do' });
    expect(world.fake.payments.get(payment.id)?.refunds).toHaveLength(1);
    expect(await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).toMatchObject({
      status: 'refunded',
      refundedAt: new Date('2026-12-08T12:00:00Z'),
    });
    const stats = await computeDepositStats(database.db, {
      tenantId: deposit.tenantId,
      from: new Date('2026-12-01T03:00:00Z'),
      to: new Date('2026-12-31T03:00:00Z'),
    });
    expect(stats).toMatchObject({ collected: { count: 0 }, refunded: { count: 1, cents: 5400 } });
  });

  it('when the customer cancels later than that, then the deposit is kept (no refund) and the customer told why', async () => {
    const { customer, appointmentId, deposit, payment } = await paidBooking('2026-12-10T14:00');
    clock.set('2026-12-10T08:00:00Z'); // 9 hours ahead
    await customer.call('cancelar', { agendamento_id: appointmentId }, customer.context());
    expect(await refundJobs(deposit.id)).toBe(0);
    expect((await outboundTexts(database.db, customer.conversationId)).at(-1)).toMatch(/menos de 24 horas.*não é devolvido/);
    expect(world.fake.payments.get(payment.id)?.refunds).toHaveLength(0);
    expect((await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe('paid');
    const period = { tenantId: deposit.tenantId, from: new Date('2026-12-01T03:00:00Z'), to: new Date('2026-12-31T03:00:00Z') };
    const stats = await computeDepositStats(database.db, period);
    expect(stats).toMatchObject({ collected: { count: 1, cents: 5400 }, forfeited: { count: 1, cents: 5400 }, refunded: { count: 0 } });
    expect(formatDepositStats(stats, { slug: 'x', timezone: 'America/Sao_Paulo' })).toMatch(/forfeited.*1\s+R\$ 54,00/);
  });

  it('when the salon cancels, even late, then the deposit is refunded', async () => {
    const { salon, deposit } = await paidBooking('2026-12-10T15:30');
    clock.set('2026-12-10T12:00:00Z');
    const outcome = await cancelAppointment(schedulingDepsOf(database.db), {
      tenantId: salon.id,
      appointmentId: deposit.appointmentId,
      now: clock.now(),
      policy: staffPolicy({ kind: 'api_key', apiKeyId: 1 }, { outsideHours: false }),
    });
    expect(outcome.kind).toBe('changed');
    expect(await refundJobs(deposit.id)).toBe(1);
  });

  it('when the customer gives up a hold still waiting for its deposit, then it is cancelled, and a payment that still comes is refunded', async () => {
    clock.set(START);
    const salon = await createDepositSalon(database.db);
    const customer = await depositCustomer(database.db, salon.id, clock);
    const booked = await customer.call<AgendarResult>(
      'agendar',
      { profissional_id: salon.anaId, servico_id: salon.coloracaoId, inicio: '2026-12-07T15:00' },
      customer.context(),
    );
    const appointmentId = booked.agendamento.agendamento_id;
    const deposit = await database.db.deposit.findUniqueOrThrow({ where: { appointmentId } });
    await createDepositCharge(world.deposits, deposit.id, { attempt: 1, maxAttempts: 3 });
    // Six hours ahead: a cancellation notice would not matter, nothing was paid.
    await customer.call('cancelar', { agendamento_id: appointmentId }, customer.context());
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('cancelled');
    expect((await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe('expired');
    const payment = world.fake.paymentFor(`appointment:${appointmentId}`)!;
    world.fake.approve(payment.id);
    expect((await world.fake.notify(world.webhookUrl(salon.slug), MP_SECRET, payment.id)).status).toBe(200);
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('cancelled');
    expect((await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe('refunded');
    expect(world.fake.payments.get(payment.id)?.refunds).toHaveLength(1);
  });

  it('decides the refund by who cancels and how far ahead', () => {
    const startsAt = new Date('2026-12-10T17:00:00Z');
    const at = (iso: string) => new Date(iso);
    expect(refundsOnCancellation({ actorKind: 'bot_run', startsAt, at: at('2026-12-09T17:00:00Z'), refundUntilHours: 24 })).toBe(true);
    expect(refundsOnCancellation({ actorKind: 'bot_run', startsAt, at: at('2026-12-09T17:01:00Z'), refundUntilHours: 24 })).toBe(false);
    expect(refundsOnCancellation({ actorKind: 'customer_reminder', startsAt, at: at('2026-12-10T16:00:00Z'), refundUntilHours: 0 })).toBe(
      true,
    );
    expect(refundsOnCancellation({ actorKind: 'staff_account', startsAt, at: at('2026-12-10T16:59:00Z'), refundUntilHours: 24 })).toBe(
      true,
    );
  });
});
