import type { DepositDeps } from './deposit-deps.js';
import { loadDeposit } from './load-deposit.js';

export type RefundOutcome =
  | { kind: 'refunded' }
  | { kind: 'nothing_to_do' }
  | { kind: 'retry'; detail: string }
  | { kind: 'refused'; detail: string };

/**
 * The `refund-deposit` job: gives a paid deposit back through `POST /v1/payments/:id/refunds`
 * (idempotent by the deposit's own key, so a retried job is one refund) and marks it
 * `refunded`. Mercado Pago down: retried by the queue; a refusal is logged for staff.
 */
export async function refundDeposit(deps: DepositDeps, depositId: number): Promise<RefundOutcome> {
  const deposit = await loadDeposit(deps.db, { depositId });
  if (deposit?.status !== 'paid' || !deposit.paymentId || !deposit.tenant.paymentAccessToken) return { kind: 'nothing_to_do' };
  const refund = await deps.mercadoPago.refundPayment(
    { accessToken: deposit.tenant.paymentAccessToken },
    deposit.paymentId,
    `refund-${deposit.chargeKey}`,
  );
  if (refund.kind === 'unavailable') return { kind: 'retry', detail: refund.detail };
  if (refund.kind === 'refused') {
    deps.logger.warn({ depositId, detail: refund.detail }, 'Mercado Pago refused a deposit refund');
    return { kind: 'refused', detail: refund.detail };
  }
  await deps.db.deposit.updateMany({ where: { id: deposit.id, status: 'paid' }, data: { status: 'refunded', refundedAt: deps.now() } });
  return { kind: 'refunded' };
}
