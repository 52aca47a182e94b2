import { randomUUID } from 'node:crypto';
import { type Keyring, plainOnlyKeyring } from '../credentials/index.js';
import type { Logger } from '../shared/index.js';
import {
  type MercadoPagoPayment,
  type MercadoPagoRefund,
  type MercadoPagoResult,
  type PixChargeRequest,
  reaisOf,
  toMercadoPagoPayment,
  toMercadoPagoRefund,
} from './mercadopago-payment.js';

/** The tenant's Mercado Pago access token as stored (sealed): opened just before each request. */
export interface MercadoPagoTarget {
  accessToken: string;
}

export interface MercadoPagoClient {
  /** `POST /v1/payments` with `payment_method_id: "pix"` and the request's X-Idempotency-Key: a retry is the same charge. */
  createPixCharge(target: MercadoPagoTarget, request: PixChargeRequest): Promise<MercadoPagoResult<MercadoPagoPayment>>;
  /** `GET /v1/payments/:id`: the payment as Mercado Pago has it now (a notification is only a hint to read it). */
  getPayment(target: MercadoPagoTarget, paymentId: string): Promise<MercadoPagoResult<MercadoPagoPayment>>;
  /** `POST /v1/payments/:id/refunds` (the whole amount), idempotent by `idempotencyKey`. */
  refundPayment(target: MercadoPagoTarget, paymentId: string, idempotencyKey: string): Promise<MercadoPagoResult<MercadoPagoRefund>>;
  /** `PUT /v1/payments/:id` `{"status": "cancelled"}`: a pending Pix charge can no longer be paid. */
  cancelPayment(target: MercadoPagoTarget, paymentId: string): Promise<MercadoPagoResult<MercadoPagoPayment>>;
}

export interface MercadoPagoClientOptions {
  /** MERCADOPAGO_BASE_URL */
  baseUrl: string;
  logger: Logger;
  timeoutMs?: number;
  /** opens the sealed access tokens; defaults to one that accepts only plain tokens */
  credentials?: Keyring;
}

/**
 * A client of Mercado Pago's payments API. It never throws for Mercado Pago's sake: every
 * answer (or its absence) is a MercadoPagoResult. The access token never reaches a log line.
 */
export function createMercadoPagoClient(options: MercadoPagoClientOptions): MercadoPagoClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const credentials = options.credentials ?? plainOnlyKeyring;
  const logger = options.logger.child({ component: 'mercadopago' });

  async function call<Value>(
    target: MercadoPagoTarget,
    request: { method: string; path: string; body?: unknown; idempotencyKey?: string },
    read: (json: unknown) => Value | null,
  ): Promise<MercadoPagoResult<Value>> {
    const token = credentials.open(target.accessToken);
    let response: Response;
    try {
      response = await fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          ...(request.idempotencyKey ? { 'x-idempotency-key': request.idempotencyKey } : {}),
        },
        ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      logger.warn({ method: request.method, path: request.path, detail }, 'mercado pago unreachable');
      return { kind: 'unavailable', detail };
    }
    let json: unknown = null;
    try {
      json = await response.json();
    } catch {
      // not JSON: the status alone
    }
    if (response.ok) {
      const value = read(json);
      if (value !== null) return { kind: 'ok', value };
      return { kind: 'unavailable', detail: `answer ${response.status} without the expected fields` };
    }
    const detail = mercadoPagoMessage(json) ?? `HTTP ${response.status}`;
    logger.warn({ method: request.method, path: request.path, status: response.status, detail }, 'mercado pago refused');
    if (response.status >= 500 || response.status === 429) return { kind: 'unavailable', detail };
    return { kind: 'refused', httpStatus: response.status, detail };
  }

  return {
    createPixCharge: (target, request) =>
      call(
        target,
        {
          method: 'POST',
          path: '/v1/payments',
          idempotencyKey: request.idempotencyKey,
          body: {
            transaction_amount: reaisOf(request.amountCents),
            description: request.description,
            payment_method_id: 'pix',
            payer: { email: request.payerEmail },
            external_reference: request.externalReference,
            date_of_expiration: request.expiresAt,
          },
        },
        toMercadoPagoPayment,
      ),
    getPayment: (target, paymentId) =>
      call(target, { method: 'GET', path: `/v1/payments/${encodeURIComponent(paymentId)}` }, toMercadoPagoPayment),
    refundPayment: (target, paymentId, idempotencyKey) =>
      call(
        target,
        { method: 'POST', path: `/v1/payments/${encodeURIComponent(paymentId)}/refunds`, idempotencyKey, body: {} },
        toMercadoPagoRefund,
      ),
    cancelPayment: (target, paymentId) =>
      call(
        target,
        {
          method: 'PUT',
          path: `/v1/payments/${encodeURIComponent(paymentId)}`,
          idempotencyKey: randomUUID(),
          body: { status: 'cancelled' },
        },
        toMercadoPagoPayment,
      ),
  };
}

/** Mercado Pago's error text (`{"message", "error", "status", "cause"}`), bounded. */
function mercadoPagoMessage(json: unknown): string | null {
  if (typeof json !== 'object' || json === null) return null;
  const message = (json as { message?: unknown }).message;
  return typeof message === 'string' ? message.slice(0, 300) : null;
}
