import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDepositCharge, expireDepositHold, loadDeposit, settleApprovedPayment } from '../../src/deposits/index.js';
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

// Monday 2026-12-07 09:00 in São Paulo.
const START = '2026-12-07T12:00:00Z';
const LAST_ATTEMPT = { attempt: 3, maxAttempts: 3 };
const FIRST_ATTEMPT = { attempt: 1, maxAttempts: 3 };

describe('deposits by Pix: booking, the charge and the code', () => {
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

  async function bookColoracao(start: string, holdMinutes?: number, reminders?: unknown[]) {
    clock.set(START);
    const salon = await createDepositSalon(database.db, {
      ...(holdMinutes === undefined ? {} : { holdMinutes }),
      ...(reminders ? { reminders } : {}),
    });
    const customer = await depositCustomer(database.db, salon.id, clock);
    const result = await customer.call<AgendarResult>(
      'agendar',
      { profissional_id: salon.anaId, servico_id: salon.coloracaoId, inicio: start },
      customer.context(),
    );
    const appointmentId = result.agendamento.agendamento_id;
    const deposit = await database.db.deposit.findUniqueOrThrow({ where: { appointmentId } });
    return { salon, customer, result, appointmentId, deposit };
  }

  it('when a customer books a service in deposit.services, then it is pending_payment holding its slot and agendar tells the model the amount and the hold', async () => {
    const { salon, customer, result, appointmentId, deposit } = await bookColoracao('2026-12-07T14:00');
    expect(result.agendamento.status).toBe('aguardando_sinal');
    expect(result.sinal).toMatchObject({ valor: 'R$ 54,00', reservado_ate: '09:45', minutos_para_pagar: 45 });
    expect(result.sinal?.politica_de_cancelamento).toMatch(/24 horas/);
    expect(result.sinal?.instrucao).toMatch(/NÃO está agendado/);
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('pending_payment');
    expect(deposit).toMatchObject({ status: 'pending', amountCents: 5400, holdUntil: new Date('2026-12-07T12:45:00Z') });

    // The slot is held: another customer is refused it.
    const other = await depositCustomer(database.db, salon.id, clock);
    await expect(
      other.call('agendar', { profissional_id: salon.anaId, servico_id: salon.coloracaoId, inicio: '2026-12-07T14:00' }, other.context()),
    ).rejects.toThrow();
    // A service outside deposit.services books at once.
    const corte = salon.services.find((service) => service.key === 'corte')!;
    const plain = await customer.call<AgendarResult>(
      'agendar',
      { profissional_id: salon.anaId, servico_id: corte.id, inicio: '2026-12-07T10:00' },
      customer.context(),
    );
    expect(plain.agendamento.status).toBe('agendado');
    expect(plain.sinal).toBeUndefined();
  });

  it('when the charge job runs, then Mercado Pago gets one Pix of 30% in reais naming the appointment, expiring at the hold’s end, and the customer the code with the policy', async () => {
    const { customer, appointmentId, deposit } = await bookColoracao('2026-12-07T15:00');
    const outcome = await createDepositCharge(world.deposits, deposit.id, FIRST_ATTEMPT);
    expect(outcome.kind).toBe('created');
    const creations = world.fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payments');
    const mine = creations.filter(
      (request) => (request.body as { external_reference?: string }).external_reference === `appointment:${appointmentId}`,
    );
    expect(mine).toHaveLength(1);
    expect(mine[0]!.idempotencyKey).toBe(deposit.chargeKey);
    expect(mine[0]!.body).toMatchObject({
      transaction_amount: 54,
      payment_method_id: 'pix',
      external_reference: `appointment:${appointmentId}`,
      date_of_expiration: '2026-12-07T09:45:00.000-03:00',
      payer: { email: expect.stringMatching(/^cliente-\d+@.+\.pix\.wa-agenda\.com\.br$/) },
    });
    const payment = world.fake.paymentFor(`appointment:${appointmentId}`)!;
    const stored = await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } });
    expect(stored).toMatchObject({ paymentId: String(payment.id), pixCode: payment.point_of_interaction.transaction_data.qr_code });

    const texts = await outboundTexts(database.db, customer.conversationId);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toMatch(/sinal de R\$ 54,00 por Pix/);
    expect(texts[0]).toMatch(/reservado até 09:45/);
    expect(texts[0]).toMatch(/pelo menos 24 horas de antecedência/);
    expect(texts[1]).toBe(payment.point_of_interaction.transaction_data.qr_code);

    // A second run of the job creates nothing and sends nothing more.
    expect((await createDepositCharge(world.deposits, deposit.id, FIRST_ATTEMPT)).kind).toBe('nothing_to_do');
    expect(await outboundTexts(database.db, customer.conversationId)).toHaveLength(2);
  });

  it('when the answer of a creation is lost and the job runs again, then the same idempotency key makes it one charge', async () => {
    const { appointmentId, deposit } = await bookColoracao('2026-12-07T16:00');
    await createDepositCharge(world.deposits, deposit.id, FIRST_ATTEMPT);
    // As if the process died after Mercado Pago created the charge, before it was stored.
    await database.db.deposit.update({ where: { id: deposit.id }, data: { paymentId: null, pixCode: null } });
    await database.db.message.deleteMany({ where: { tenantId: deposit.tenantId, direction: 'outbound' } });
    expect((await createDepositCharge(world.deposits, deposit.id, FIRST_ATTEMPT)).kind).toBe('created');
    const charges = [...world.fake.payments.values()].filter((payment) => payment.external_reference === `appointment:${appointmentId}`);
    expect(charges).toHaveLength(1);
    const keys = world.fake.requests
      .filter((request) => (request.body as { external_reference?: string } | null)?.external_reference === `appointment:${appointmentId}`)
      .map((request) => request.idempotencyKey);
    expect(keys).toEqual([deposit.chargeKey, deposit.chargeKey]);
  });

  it('when the hold is shorter than Mercado Pago’s 30-minute minimum, then the charge expires at that minimum and the slot is still released at the hold’s end', async () => {
    const { appointmentId, deposit } = await bookColoracao('2026-12-08T10:00', 15);
    expect(deposit.holdUntil).toEqual(new Date('2026-12-07T12:15:00Z'));
    expect((await createDepositCharge(world.deposits, deposit.id, FIRST_ATTEMPT)).kind).toBe('created');
    const payment = world.fake.paymentFor(`appointment:${appointmentId}`)!;
    expect(Date.parse(payment.date_of_expiration)).toBeGreaterThanOrEqual(Date.parse(START) + 30 * 60_000);
    clock.set('2026-12-07T12:16:00Z');
    const expired = await expireDepositHold(world.deposits, deposit.id, async () => false);
    expect(expired.kind).toBe('expired');
    expect(world.fake.payments.get(payment.id)?.status).toBe('cancelled');
  });

  it('when Mercado Pago is down, then the job retries, and on its last attempt the hold is released and the customer told to try again', async () => {
    const { salon, customer, appointmentId, deposit } = await bookColoracao('2026-12-08T14:00');
    world.fake.setDown(true);
    try {
      expect((await createDepositCharge(world.deposits, deposit.id, FIRST_ATTEMPT)).kind).toBe('retry');
      expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('pending_payment');
      expect((await createDepositCharge(world.deposits, deposit.id, LAST_ATTEMPT)).kind).toBe('released');
    } finally {
      world.fake.setDown(false);
    }
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('expired');
    expect(await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).toMatchObject({
      status: 'expired',
      failure: 'mercadopago_unavailable',
    });
    const texts = await outboundTexts(database.db, customer.conversationId);
    expect(texts.at(-1)).toMatch(/Não consegui gerar o Pix do sinal agora/);
    expect(texts.at(-1)).toMatch(/não ficou reservado/);
    // Nothing is held: the slot can be booked again.
    const other = await depositCustomer(database.db, salon.id, clock);
    const again = await other.call<AgendarResult>(
      'agendar',
      { profissional_id: salon.anaId, servico_id: salon.coloracaoId, inicio: '2026-12-08T14:00' },
      other.context(),
    );
    expect(again.agendamento.status).toBe('aguardando_sinal');
  });

  it('when the hold runs out unpaid, then the appointment expires, the slot is free, the customer is told, the charge cancelled, and the subscribers hear status_changed to expired', async () => {
    const { salon, customer, appointmentId, deposit } = await bookColoracao('2026-12-09T14:00');
    await createDepositCharge(world.deposits, deposit.id, FIRST_ATTEMPT);
    clock.set('2026-12-07T12:40:00Z');
    expect((await expireDepositHold(world.deposits, deposit.id, async () => false)).kind).toBe('not_due');
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('pending_payment');
    clock.set('2026-12-07T12:46:00Z');
    expect((await expireDepositHold(world.deposits, deposit.id, async () => false)).kind).toBe('expired');
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('expired');
    expect((await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe('expired');
    expect((await outboundTexts(database.db, customer.conversationId)).at(-1)).toMatch(
      /prazo para pagar o sinal .* terminou e o horário foi liberado/,
    );
    expect(world.fake.paymentFor(`appointment:${appointmentId}`)?.status).toBe('cancelled');
    expect(world.events.at(-1)).toMatchObject({
      kind: 'status_changed',
      from: 'pending_payment',
      actor: { kind: 'payment' },
      appointment: { id: appointmentId, status: 'expired' },
    });
    const history = await database.db.appointmentEvent.findMany({ where: { appointmentId }, orderBy: { id: 'asc' } });
    expect(history.map((entry) => [entry.change, entry.actorKind])).toEqual([
      ['created', 'bot_run'],
      ['expired', 'payment'],
    ]);
    // Free again: staff can book it.
    const other = await depositCustomer(database.db, salon.id, clock);
    const again = await other.call<AgendarResult>(
      'agendar',
      { profissional_id: salon.anaId, servico_id: salon.coloracaoId, inicio: '2026-12-09T14:00' },
      other.context(),
    );
    expect(again.agendamento.agendamento_id).not.toBe(appointmentId);
  });

  it('when the payment is approved and Mercado Pago notifies, then the appointment is booked with a receipt; the same notification again has no second effect', async () => {
    const reminders = [{ beforeMinutes: 120, template: 'lembrete_agendamento', language: 'pt_BR' }];
    const { salon, customer, appointmentId, deposit } = await bookColoracao('2026-12-10T14:00', undefined, reminders);
    // Waiting for the deposit is not booked: no reminder yet.
    expect(await database.db.appointmentReminder.count({ where: { appointmentId } })).toBe(0);
    await createDepositCharge(world.deposits, deposit.id, FIRST_ATTEMPT);
    const payment = world.fake.paymentFor(`appointment:${appointmentId}`)!;
    world.fake.approve(payment.id);
    clock.set('2026-12-07T12:10:00Z');
    const first = await world.fake.notify(world.webhookUrl(salon.slug), MP_SECRET, payment.id);
    expect(first.status).toBe(200);
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('booked');
    expect(await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).toMatchObject({
      status: 'paid',
      paidAt: new Date('2026-12-07T12:10:00Z'),
    });
    const texts = await outboundTexts(database.db, customer.conversationId);
    expect(texts.at(-1)).toMatch(/Recebemos o sinal de R\$ 54,00.*está confirmado: qui 10\/12 às 14:00/s);
    expect(await database.db.appointmentReminder.count({ where: { appointmentId, status: 'scheduled' } })).toBe(1);
    const events = await database.db.appointmentEvent.count({ where: { appointmentId } });

    // Replayed as it was (same request id), and redelivered with a new one: nothing more happens.
    expect((await world.fake.notify(world.webhookUrl(salon.slug), MP_SECRET, payment.id, { requestId: first.requestId })).status).toBe(200);
    expect((await world.fake.notify(world.webhookUrl(salon.slug), MP_SECRET, payment.id)).status).toBe(200);
    expect(await outboundTexts(database.db, customer.conversationId)).toEqual(texts);
    expect(await database.db.appointmentEvent.count({ where: { appointmentId } })).toBe(events);
    // The expiry job that comes later finds nothing to do.
    clock.set('2026-12-07T12:50:00Z');
    expect((await expireDepositHold(world.deposits, deposit.id, async () => false)).kind).toBe('nothing_to_do');
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('booked');
  });

  it('when Mercado Pago cannot be read for a signed notification, then 503 (Mercado Pago sends it again) and the next delivery books it', async () => {
    const { salon, appointmentId, deposit } = await bookColoracao('2026-12-12T10:00');
    await createDepositCharge(world.deposits, deposit.id, FIRST_ATTEMPT);
    const payment = world.fake.paymentFor(`appointment:${appointmentId}`)!;
    world.fake.approve(payment.id);
    world.fake.setDown(true);
    let first: { status: number };
    try {
      first = await world.fake.notify(world.webhookUrl(salon.slug), MP_SECRET, payment.id);
    } finally {
      world.fake.setDown(false);
    }
    expect(first.status).toBe(503);
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('pending_payment');
    expect((await world.fake.notify(world.webhookUrl(salon.slug), MP_SECRET, payment.id)).status).toBe(200);
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('booked');
  });

  it('when a notification’s signature is wrong, missing or older than 5 minutes, then 401 and nothing changes', async () => {
    const { salon, appointmentId, deposit } = await bookColoracao('2026-12-11T14:00');
    await createDepositCharge(world.deposits, deposit.id, FIRST_ATTEMPT);
    const payment = world.fake.paymentFor(`appointment:${appointmentId}`)!;
    world.fake.approve(payment.id);
    const reads = () =>
      world.fake.requests.filter((request) => request.method === 'GET' && request.path === `/v1/payments/${payment.id}`).length;
    const url = world.webhookUrl(salon.slug);
    expect((await world.fake.notify(url, MP_SECRET, payment.id, { tamper: true })).status).toBe(401);
    expect((await world.fake.notify(url, 'another-secret', payment.id)).status).toBe(401);
    const tenMinutesAgo = Math.floor(clock.now().getTime() / 1000) - 600;
    expect((await world.fake.notify(url, MP_SECRET, payment.id, { ts: tenMinutesAgo })).status).toBe(401);
    expect((await world.fake.notify(world.webhookUrl('no-such-salon'), MP_SECRET, payment.id)).status).toBe(401);
    const unsigned = await fetch(`${url}?data.id=${payment.id}&type=payment`, { method: 'POST', body: '{}' });
    expect(unsigned.status).toBe(401);
    expect(reads()).toBe(0);
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: appointmentId } })).status).toBe('pending_payment');
    expect((await database.db.deposit.findUniqueOrThrow({ where: { id: deposit.id } })).status).toBe('pending');
  });

  it('when a payment is approved after the hold expired, then it books the slot if still free, else it is refunded and the customer told', async () => {
    // Still free: booked.
    const free = await bookColoracao('2026-12-14T14:00');
    await createDepositCharge(world.deposits, free.deposit.id, FIRST_ATTEMPT);
    clock.set('2026-12-07T12:46:00Z');
    await expireDepositHold(world.deposits, free.deposit.id, async () => false);
    const freePayment = world.fake.paymentFor(`appointment:${free.appointmentId}`)!;
    // The charge was cancelled at the expiry; Mercado Pago still approves a transfer that was under way.
    world.fake.approve(freePayment.id);
    const lateFree = await settleApprovedPayment(
      world.deposits,
      (await loadDeposit(database.db, { depositId: free.deposit.id }))!,
      String(freePayment.id),
    );
    expect(lateFree).toEqual({ kind: 'booked', appointmentId: free.appointmentId });
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: free.appointmentId } })).status).toBe('booked');

    // Taken meanwhile: refunded.
    const taken = await bookColoracao('2026-12-15T14:00');
    await createDepositCharge(world.deposits, taken.deposit.id, FIRST_ATTEMPT);
    clock.set('2026-12-07T12:46:00Z');
    await expireDepositHold(world.deposits, taken.deposit.id, async () => false);
    const rival = await depositCustomer(database.db, taken.salon.id, clock);
    const corte = taken.salon.services.find((service) => service.key === 'corte')!;
    await rival.call('agendar', { profissional_id: taken.salon.anaId, servico_id: corte.id, inicio: '2026-12-15T14:00' }, rival.context());
    const takenPayment = world.fake.paymentFor(`appointment:${taken.appointmentId}`)!;
    world.fake.approve(takenPayment.id);
    clock.set('2026-12-07T12:50:00Z');
    expect((await world.fake.notify(world.webhookUrl(taken.salon.slug), MP_SECRET, takenPayment.id)).status).toBe(200);
    expect((await database.db.appointment.findUniqueOrThrow({ where: { id: taken.appointmentId } })).status).toBe('expired');
    expect((await database.db.deposit.findUniqueOrThrow({ where: { id: taken.deposit.id } })).status).toBe('refunded');
    expect(world.fake.payments.get(takenPayment.id)?.refunds).toHaveLength(1);
    expect((await outboundTexts(database.db, taken.customer.conversationId)).at(-1)).toMatch(/chegou depois do prazo.*devolver/s);
  });

  it('when a visit holds a listed service, then every row waits for one deposit of its listed part, and paying (or the hold running out) settles the whole visit', async () => {
    const paidVisit = async (start: string) => {
      clock.set(START);
      const salon = await createDepositSalon(database.db);
      const corte = salon.services.find((service) => service.key === 'corte')!;
      const customer = await depositCustomer(database.db, salon.id, clock);
      const result = await customer.call<AgendarResult>(
        'agendar',
        {
          inicio: start,
          servicos: [
            { servico_id: salon.coloracaoId, profissional_id: salon.anaId },
            { servico_id: corte.id, profissional_id: salon.anaId },
          ],
        },
        customer.context(),
      );
      const rows = await database.db.appointment.findMany({ where: { tenantId: salon.id }, orderBy: { startsAt: 'asc' } });
      return { salon, result, rows };
    };
    const booked = await paidVisit('2026-12-16T14:00');
    expect(booked.result.sinal).toMatchObject({ valor: 'R$ 54,00' });
    expect(booked.rows.map((row) => row.status)).toEqual(['pending_payment', 'pending_payment']);
    const deposits = await database.db.deposit.findMany({ where: { tenantId: booked.salon.id } });
    expect(deposits).toMatchObject([{ appointmentId: booked.rows[0]!.id, amountCents: 5400 }]);
    await createDepositCharge(world.deposits, deposits[0]!.id, FIRST_ATTEMPT);
    const payment = world.fake.paymentFor(`appointment:${booked.rows[0]!.id}`)!;
    world.fake.approve(payment.id);
    expect((await world.fake.notify(world.webhookUrl(booked.salon.slug), MP_SECRET, payment.id)).status).toBe(200);
    const after = await database.db.appointment.findMany({ where: { tenantId: booked.salon.id }, orderBy: { startsAt: 'asc' } });
    expect(after.map((row) => row.status)).toEqual(['booked', 'booked']);

    const lapsed = await paidVisit('2026-12-17T14:00');
    const lapsedDeposit = await database.db.deposit.findFirstOrThrow({ where: { tenantId: lapsed.salon.id } });
    clock.set('2026-12-07T12:46:00Z');
    expect((await expireDepositHold(world.deposits, lapsedDeposit.id, async () => false)).kind).toBe('expired');
    const expired = await database.db.appointment.findMany({ where: { tenantId: lapsed.salon.id }, orderBy: { startsAt: 'asc' } });
    expect(expired.map((row) => row.status)).toEqual(['expired', 'expired']);
  });
});
