import { createHmac, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson, startLoopbackServer } from './loopback-server.js';

/** A payment as the fake keeps it, in Mercado Pago's own field names. */
export interface FakePayment {
  id: number;
  status: 'pending' | 'approved' | 'cancelled' | 'refunded' | 'rejected';
  status_detail: string;
  transaction_amount: number;
  description: string;
  payment_method_id: string;
  payment_type_id: string;
  external_reference: string | null;
  date_created: string;
  date_approved: string | null;
  date_of_expiration: string;
  payer: { email: string };
  point_of_interaction: {
    type: 'PIX';
    transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string };
  };
  refunds: { id: number; payment_id: number; amount: number; status: 'approved'; date_created: string }[];
}

/** One request the fake answered, for assertions (the token never recorded, only whether it was accepted). */
export interface FakeMercadoPagoRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  body: unknown;
  status: number;
}

export interface FakeMercadoPago {
  /** `http://127.0.0.1:<port>`: MERCADOPAGO_BASE_URL */
  url: string;
  payments: Map<number, FakePayment>;
  requests: FakeMercadoPagoRequest[];
  /** while true every call is answered 503 in Mercado Pago's error JSON (Mercado Pago down) */
  setDown(down: boolean): void;
  /** The customer paid: the payment is `approved` (Mercado Pago would now notify). */
  approve(paymentId: number, at?: Date): void;
  /** The payment created for `external_reference`, if any. */
  paymentFor(externalReference: string): FakePayment | undefined;
  /**
   * Posts the payment notification Mercado Pago sends to `webhookUrl` (our
   * `/webhooks/mercadopago/:tenantSlug`), signed under `secret` as Mercado Pago signs it:
   * `x-signature: ts=TS,v1=HMAC-SHA256(id:ID;request-id:RID;ts:TS;)`. `tamper` sends a wrong v1,
   * `ts` overrides the signed time (seconds), `requestId` reuses one (a redelivery).
   */
  notify(
    webhookUrl: string,
    secret: string,
    paymentId: number,
    options?: { tamper?: boolean; ts?: number; requestId?: string },
  ): Promise<{ status: number; body: string; requestId: string }>;
  close(): Promise<void>;
}

const MP_ERROR = (status: number, message: string, error: string) => ({ message, error, status, cause: [] });

/**
 * A loopback stand-in for Mercado Pago's payments API, shaped like the real one:
 * `POST /v1/payments` (Pix: answers 201 with `point_of_interaction.transaction_data.qr_code`; the
 * same `X-Idempotency-Key` answers the same payment, never a second one; a key is required, as
 * Mercado Pago requires it), `GET /v1/payments/:id`, `PUT /v1/payments/:id` (`status: cancelled`
 * of a pending one), `POST /v1/payments/:id/refunds` (of an approved one, idempotent by key), a
 * bearer-token check, and signed notifications to a webhook.
 */
export async function startFakeMercadoPago(options: {
  acceptedTokens: ReadonlySet<string>;
  /** Mercado Pago's clock (its 30-minute minimum expiry is judged by it); default the system's */
  now?: () => number;
}): Promise<FakeMercadoPago> {
  const clock = options.now ?? Date.now;
  const payments = new Map<number, FakePayment>();
  const requests: FakeMercadoPagoRequest[] = [];
  const byIdempotencyKey = new Map<string, { status: number; body: unknown }>();
  let nextPaymentId = 1_325_000_000 + Math.floor(Math.random() * 1000) * 1000;
  let nextRefundId = 2_000_000_000;
  let down = false;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://fake');
    const text = await readBody(request);
    const idempotencyKey = (request.headers['x-idempotency-key'] as string | undefined) ?? null;
    let body: unknown = null;
    try {
      body = text === '' ? null : JSON.parse(text);
    } catch {
      body = text;
    }
    const answer = (status: number, json: unknown) => {
      requests.push({ method: request.method ?? '', path: url.pathname, idempotencyKey, body, status });
      sendJson(response, status, json, { 'x-request-id': randomUUID() });
    };
    if (down) return answer(503, MP_ERROR(503, 'Service unavailable', 'service_unavailable'));
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token || !options.acceptedTokens.has(token)) return answer(401, MP_ERROR(401, 'invalid access token', 'unauthorized'));

    const paymentMatch = /^\/v1\/payments\/(\d+)(\/refunds)?$/.exec(url.pathname);
    if (request.method === 'POST' && url.pathname === '/v1/payments') {
      if (!idempotencyKey) return answer(400, MP_ERROR(400, 'Header X-Idempotency-Key can not be null', 'bad_request'));
      const earlier = byIdempotencyKey.get(`payment:${idempotencyKey}`);
      if (earlier) return answer(earlier.status, earlier.body);
      const problem = pixRequestProblem(body, clock());
      if (problem) return answer(400, MP_ERROR(400, problem, 'bad_request'));
      const input = body as Record<string, unknown>;
      const id = nextPaymentId++;
      const payment: FakePayment = {
        id,
        status: 'pending',
        status_detail: 'pending_waiting_transfer',
        transaction_amount: input.transaction_amount as number,
        description: String(input.description ?? ''),
        payment_method_id: 'pix',
        payment_type_id: 'bank_transfer',
        external_reference: typeof input.external_reference === 'string' ? input.external_reference : null,
        date_created: new Date(clock()).toISOString(),
        date_approved: null,
        date_of_expiration: String(input.date_of_expiration),
        payer: { email: String((input.payer as { email: string }).email) },
        point_of_interaction: {
          type: 'PIX',
          transaction_data: {
            qr_code: `00020126580014br.gov.bcb.pix0136${randomUUID()}5204000053039865406${(input.transaction_amount as number).toFixed(2)}5802BR6304${id % 10_000}`,
            qr_code_base64: Buffer.from(`qr-${id}`).toString('base64'),
            ticket_url: `https://www.mercadopago.com.br/payments/${id}/ticket`,
          },
        },
        refunds: [],
      };
      payments.set(id, payment);
      byIdempotencyKey.set(`payment:${idempotencyKey}`, { status: 201, body: payment });
      return answer(201, payment);
    }
    if (paymentMatch) {
      const payment = payments.get(Number(paymentMatch[1]));
      if (!payment) return answer(404, MP_ERROR(404, 'Payment not found', 'not_found'));
      if (request.method === 'GET' && !paymentMatch[2]) return answer(200, payment);
      if (request.method === 'PUT' && !paymentMatch[2]) {
        if ((body as { status?: unknown } | null)?.status !== 'cancelled')
          return answer(400, MP_ERROR(400, 'invalid status', 'bad_request'));
        if (payment.status !== 'pending') return answer(400, MP_ERROR(400, 'Payment can not be cancelled', 'bad_request'));
        payment.status = 'cancelled';
        payment.status_detail = 'by_collector';
        return answer(200, payment);
      }
      if (request.method === 'POST' && paymentMatch[2]) {
        if (!idempotencyKey) return answer(400, MP_ERROR(400, 'Header X-Idempotency-Key can not be null', 'bad_request'));
        const earlier = byIdempotencyKey.get(`refund:${idempotencyKey}`);
        if (earlier) return answer(earlier.status, earlier.body);
        if (payment.status !== 'approved') return answer(400, MP_ERROR(400, 'Payment not approved, can not be refunded', 'bad_request'));
        const refund = {
          id: nextRefundId++,
          payment_id: payment.id,
          amount: payment.transaction_amount,
          status: 'approved' as const,
          date_created: new Date().toISOString(),
        };
        payment.refunds.push(refund);
        payment.status = 'refunded';
        payment.status_detail = 'refunded';
        byIdempotencyKey.set(`refund:${idempotencyKey}`, { status: 201, body: refund });
        return answer(201, refund);
      }
    }
    return answer(404, MP_ERROR(404, 'resource not found', 'not_found'));
  };

  const server = await startLoopbackServer(handle);
  return {
    url: server.url,
    payments,
    requests,
    setDown(value) {
      down = value;
    },
    approve(paymentId, at = new Date()) {
      const payment = payments.get(paymentId);
      if (!payment) throw new Error(`no fake payment ${paymentId}`);
      payment.status = 'approved';
      payment.status_detail = 'accredited';
      payment.date_approved = at.toISOString();
    },
    paymentFor(externalReference) {
      return [...payments.values()].find((payment) => payment.external_reference === externalReference);
    },
    async notify(webhookUrl, secret, paymentId, notifyOptions = {}) {
      const requestId = notifyOptions.requestId ?? randomUUID();
      const ts = String(notifyOptions.ts ?? Math.floor(clock() / 1000));
      const dataId = String(paymentId);
      const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
      const signature = notifyOptions.tamper ? `${v1.slice(0, -1)}${v1.endsWith('0') ? '1' : '0'}` : v1;
      const target = new URL(webhookUrl);
      target.searchParams.set('data.id', dataId);
      target.searchParams.set('type', 'payment');
      const response = await fetch(target, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${signature}` },
        body: JSON.stringify({
          id: Math.floor(Math.random() * 1e12),
          live_mode: false,
          type: 'payment',
          date_created: new Date().toISOString(),
          user_id: 123_456_789,
          api_version: 'v1',
          action: 'payment.updated',
          data: { id: dataId },
        }),
      });
      return { status: response.status, body: await response.text(), requestId };
    },
    close: () => server.close(),
  };
}

/** Why Mercado Pago would refuse a Pix creation body, or null. */
function pixRequestProblem(body: unknown, now: number): string | null {
  if (typeof body !== 'object' || body === null) return 'body must be a JSON object';
  const input = body as Record<string, unknown>;
  if (typeof input.transaction_amount !== 'number' || !(input.transaction_amount > 0)) return 'transaction_amount must be positive';
  if (Math.round(input.transaction_amount * 100) !== input.transaction_amount * 100) return 'transaction_amount has more than 2 decimals';
  if (input.payment_method_id !== 'pix') return 'payment_method_id must be pix';
  const email = (input.payer as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) return 'payer.email must be a valid email';
  if (typeof input.date_of_expiration !== 'string' || Number.isNaN(Date.parse(input.date_of_expiration))) {
    return 'date_of_expiration must be a date';
  }
  if (Date.parse(input.date_of_expiration) < now + 29 * 60_000) return 'date_of_expiration must be at least 30 minutes ahead';
  return null;
}
