import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMercadoPagoClient } from '../../src/mercadopago/index.js';
import { silentLogger } from '../../src/shared/index.js';
import { type FakeMercadoPago, startFakeMercadoPago } from '../fakes/mercadopago-loopback.js';

const token = 'APP_USR-client-test';
const request = (key: string) => ({
  amountCents: 5450,
  description: 'Sinal: Coloração',
  externalReference: 'appointment:7',
  payerEmail: 'cliente-1@salao.pix.wa-agenda.com.br',
  expiresAt: new Date(Date.now() + 60 * 60_000).toISOString(),
  idempotencyKey: key,
});

describe('the Mercado Pago client against the loopback fake', () => {
  let fake: FakeMercadoPago;
  beforeAll(async () => {
    fake = await startFakeMercadoPago({ acceptedTokens: new Set([token]) });
  });
  afterAll(async () => {
    await fake.close();
  });
  const client = () => createMercadoPagoClient({ baseUrl: fake.url, logger: silentLogger, timeoutMs: 2000 });

  it('when a Pix charge is created twice with one idempotency key, then Mercado Pago has one payment, in reais, with its copia-e-cola code', async () => {
    const first = await client().createPixCharge({ accessToken: token }, request('key-1'));
    const second = await client().createPixCharge({ accessToken: token }, request('key-1'));
    if (first.kind !== 'ok' || second.kind !== 'ok') throw new Error(JSON.stringify([first, second]));
    expect(second.value.id).toBe(first.value.id);
    expect(first.value).toMatchObject({ status: 'pending', transactionAmount: 54.5, externalReference: 'appointment:7' });
    expect(first.value.pixCode).toMatch(/^000201/);
    expect([...fake.payments.values()].filter((payment) => payment.external_reference === 'appointment:7')).toHaveLength(1);
    const read = await client().getPayment({ accessToken: token }, first.value.id);
    expect(read).toMatchObject({ kind: 'ok', value: { id: first.value.id, status: 'pending' } });
  });

  it('when Mercado Pago is down, then unavailable; with a wrong token or for an unknown payment, refused', async () => {
    fake.setDown(true);
    try {
      expect((await client().createPixCharge({ accessToken: token }, request('key-2'))).kind).toBe('unavailable');
    } finally {
      fake.setDown(false);
    }
    expect(await client().createPixCharge({ accessToken: 'APP_USR-wrong' }, request('key-3'))).toMatchObject({
      kind: 'refused',
      httpStatus: 401,
    });
    expect(await client().getPayment({ accessToken: token }, '999')).toMatchObject({ kind: 'refused', httpStatus: 404 });
    const unreachable = createMercadoPagoClient({ baseUrl: 'http://127.0.0.1:1', logger: silentLogger, timeoutMs: 500 });
    expect((await unreachable.getPayment({ accessToken: token }, '1')).kind).toBe('unavailable');
  });

  it('when an approved payment is refunded twice with one key, then one refund; a pending one cannot be refunded but can be cancelled', async () => {
    const created = await client().createPixCharge({ accessToken: token }, { ...request('key-4'), externalReference: 'appointment:8' });
    if (created.kind !== 'ok') throw new Error(created.kind);
    expect((await client().refundPayment({ accessToken: token }, created.value.id, 'refund-4')).kind).toBe('refused');
    fake.approve(Number(created.value.id));
    const refund = await client().refundPayment({ accessToken: token }, created.value.id, 'refund-4b');
    const again = await client().refundPayment({ accessToken: token }, created.value.id, 'refund-4b');
    expect(refund).toMatchObject({ kind: 'ok', value: { paymentId: created.value.id, amount: 54.5 } });
    expect(again).toEqual(refund);
    expect(fake.payments.get(Number(created.value.id))?.refunds).toHaveLength(1);

    const pending = await client().createPixCharge({ accessToken: token }, { ...request('key-5'), externalReference: 'appointment:9' });
    if (pending.kind !== 'ok') throw new Error(pending.kind);
    expect(await client().cancelPayment({ accessToken: token }, pending.value.id)).toMatchObject({
      kind: 'ok',
      value: { status: 'cancelled' },
    });
  });
});
