/**
 * The parts of Mercado Pago's payment resource (`/v1/payments`) the project reads. Every field
 * but `id` and `status` is optional on the wire; a reader keeps whatever it needs.
 */
export interface MercadoPagoPayment {
  id: string;
  /** pending | approved | authorized | in_process | in_mediation | rejected | cancelled | refunded | charged_back */
  status: string;
  statusDetail: string | null;
  /** reais, as Mercado Pago sends it (54.5) */
  transactionAmount: number | null;
  externalReference: string | null;
  /** the Pix copia-e-cola code: `point_of_interaction.transaction_data.qr_code` */
  pixCode: string | null;
  dateOfExpiration: string | null;
}

/** What a Pix charge is created with (`POST /v1/payments`). */
export interface PixChargeRequest {
  /** cents; sent as reais (`transaction_amount: 54.00`) */
  amountCents: number;
  description: string;
  /** names the appointment: `appointment:<id>` */
  externalReference: string;
  payerEmail: string;
  /** ISO 8601 with offset (`2026-12-02T15:30:00.000-03:00`); Mercado Pago refuses one under 30 minutes ahead */
  expiresAt: string;
  /** the X-Idempotency-Key: the same key is the same charge */
  idempotencyKey: string;
}

/** A refund Mercado Pago made (`POST /v1/payments/:id/refunds`). */
export interface MercadoPagoRefund {
  id: string;
  paymentId: string;
  amount: number | null;
  status: string;
}

/**
 * An answer of Mercado Pago as a value:
 * - `ok`: the resource;
 * - `unavailable`: no answer, a timeout or a 5xx/429 (try again later; a creation is safe to repeat with its idempotency key);
 * - `refused`: a 4xx with Mercado Pago's message (a bad token, an unknown payment, a refund it does not allow).
 */
export type MercadoPagoResult<Value> =
  | { kind: 'ok'; value: Value }
  | { kind: 'unavailable'; detail: string }
  | { kind: 'refused'; httpStatus: number; detail: string };

/** Reads a payment answer without trusting its shape. */
export function toMercadoPagoPayment(json: unknown): MercadoPagoPayment | null {
  if (typeof json !== 'object' || json === null) return null;
  const body = json as Record<string, unknown>;
  if ((typeof body.id !== 'number' && typeof body.id !== 'string') || typeof body.status !== 'string') return null;
  const interaction = body.point_of_interaction as { transaction_data?: { qr_code?: unknown } } | undefined;
  const qrCode = interaction?.transaction_data?.qr_code;
  return {
    id: String(body.id),
    status: body.status,
    statusDetail: typeof body.status_detail === 'string' ? body.status_detail : null,
    transactionAmount: typeof body.transaction_amount === 'number' ? body.transaction_amount : null,
    externalReference: typeof body.external_reference === 'string' ? body.external_reference : null,
    pixCode: typeof qrCode === 'string' ? qrCode : null,
    dateOfExpiration: typeof body.date_of_expiration === 'string' ? body.date_of_expiration : null,
  };
}

/** Reads a refund answer without trusting its shape. */
export function toMercadoPagoRefund(json: unknown): MercadoPagoRefund | null {
  if (typeof json !== 'object' || json === null) return null;
  const body = json as Record<string, unknown>;
  if (typeof body.id !== 'number' && typeof body.id !== 'string') return null;
  return {
    id: String(body.id),
    paymentId: String(body.payment_id ?? ''),
    amount: typeof body.amount === 'number' ? body.amount : null,
    status: typeof body.status === 'string' ? body.status : 'approved',
  };
}

/** Cents as the reais Mercado Pago takes: 5400 → 54 (two decimals at most). */
export function reaisOf(cents: number): number {
  return Math.round(cents) / 100;
}
