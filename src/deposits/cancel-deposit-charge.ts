import { applyPaymentNotification } from './apply-payment-notification.js';
import type { DepositDeps } from './deposit-deps.js';
import { loadDeposit } from './load-deposit.js';

export const cancelChargeJobKey = (depositId: number) => `deposit-cancel:${depositId}`;

export type CancelChargeOutcome =
  | { kind: 'cancelled' }
  /** the charge was paid before it could be cancelled: the payment was handled as its notification would be (refunded) */
  | { kind: 'paid_before'; outcome: string }
  | { kind: 'nothing_to_do' }
  /** Mercado Pago did not answer: the job is tried again (thrown) */
  | { kind: 'retry'; detail: string };

/**
 * The `cancel-deposit-charge` job, queued when staff settle a deposit by hand (waived or paid in
 * cash): `PUT /v1/payments/:id {"status": "cancelled"}`, so the Pix code the customer holds can no
 * longer be paid. Mercado Pago refusing (the charge is no longer pending: the customer paid it
 * meanwhile) reads the payment and applies it like its notification, which refunds a payment for
 * a deposit settled by hand; so the payment is refunded even if its notification never comes.
 */
export async function cancelDepositCharge(
  deps: DepositDeps,
  request: { depositId: number; paymentId: string },
): Promise<CancelChargeOutcome> {
  const deposit = await loadDeposit(deps.db, { depositId: request.depositId });
  if (!deposit?.tenant.paymentAccessToken) return { kind: 'nothing_to_do' };
  const cancelled = await deps.mercadoPago.cancelPayment({ accessToken: deposit.tenant.paymentAccessToken }, request.paymentId);
  if (cancelled.kind === 'ok') return { kind: 'cancelled' };
  if (cancelled.kind === 'unavailable') return { kind: 'retry', detail: cancelled.detail };
  const applied = await applyPaymentNotification(deps, { tenantId: deposit.tenantId, paymentId: request.paymentId });
  if (applied.kind === 'retry_later') return { kind: 'retry', detail: applied.detail };
  return { kind: 'paid_before', outcome: applied.kind === 'ignored' ? `ignored:${applied.reason}` : applied.kind };
}
