import { formatDayTime } from '../scheduling/receipts/index.js';
import type { DepositDeps } from './deposit-deps.js';
import { depositTexts } from './deposit-texts.js';
import { loadDeposit } from './load-deposit.js';
import { releaseDepositHold } from './release-deposit-hold.js';

export type ExpireHoldOutcome = { kind: 'expired' } | { kind: 'not_due' } | { kind: 'nothing_to_do' } | { kind: 'paid_meanwhile' };

/**
 * The `expire-deposit-hold` job, due at the hold's end: a deposit still unpaid then is read once
 * more at Mercado Pago (a payment whose notification is late books the slot instead), then the
 * appointment expires (the slot is free, the subscribers hear it, the customer is told) and the
 * Pix charge is cancelled, so a charge whose expiry Mercado Pago set later (its 30-minute
 * minimum) cannot be paid after the slot went. Early or already settled: nothing happens.
 */
export async function expireDepositHold(
  deps: DepositDeps,
  depositId: number,
  settleApproved: (paymentId: string) => Promise<boolean>,
): Promise<ExpireHoldOutcome> {
  const deposit = await loadDeposit(deps.db, { depositId });
  if (deposit?.status !== 'pending' || deposit.appointment.status !== 'pending_payment') return { kind: 'nothing_to_do' };
  if (deps.now().getTime() < deposit.holdUntil.getTime()) return { kind: 'not_due' };
  const target = deposit.tenant.paymentAccessToken ? { accessToken: deposit.tenant.paymentAccessToken } : null;
  if (deposit.paymentId && target) {
    const read = await deps.mercadoPago.getPayment(target, deposit.paymentId);
    if (read.kind === 'ok' && read.value.status === 'approved' && (await settleApproved(deposit.paymentId)))
      return { kind: 'paid_meanwhile' };
  }
  const when = formatDayTime(deposit.appointment.startsAt.getTime(), deposit.tenant.timezone);
  const released = await releaseDepositHold(deps, deposit, {
    failure: null,
    text: depositTexts.expired({ service: deposit.appointment.service, when }),
  });
  if (released && deposit.paymentId && target) {
    const cancelled = await deps.mercadoPago.cancelPayment(target, deposit.paymentId);
    if (cancelled.kind !== 'ok') deps.logger.warn({ depositId, detail: cancelled.detail }, 'could not cancel an expired Pix charge');
  }
  return released ? { kind: 'expired' } : { kind: 'nothing_to_do' };
}
