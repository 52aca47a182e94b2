import { inTransaction } from '../db/index.js';
import { reaisOf } from '../mercadopago/index.js';
import { settleDepositHold } from '../scheduling/appointments/index.js';
import { formatDayTime } from '../scheduling/receipts/index.js';
import type { DepositDeps } from './deposit-deps.js';
import { appointmentIdOfReference } from './deposit-status.js';
import { depositTexts } from './deposit-texts.js';
import { type LoadedDeposit, loadDeposit } from './load-deposit.js';
import { tellCustomer } from './tell-customer.js';

export type PaymentNotificationOutcome =
  /** the deposit was paid: the appointment is booked and the receipt queued */
  | { kind: 'booked'; appointmentId: number }
  /** approved after the hold ran out and the slot was taken meanwhile: refunded, the customer told */
  | { kind: 'refunded_too_late'; appointmentId: number }
  /** paid by Pix after staff waived the deposit or marked it paid by hand: refunded, the booking stands, the customer told */
  | { kind: 'refunded_settled_by_staff'; appointmentId: number }
  /** nothing to do: not approved yet, not ours, or already applied (a replay) */
  | { kind: 'ignored'; reason: string }
  /** Mercado Pago did not answer the read: the caller answers 5xx so Mercado Pago sends it again */
  | { kind: 'retry_later'; detail: string };

/**
 * Applies what a notification points at, never what it says: the payment is read with `GET
 * /v1/payments/:id` under the tenant's token, and only an `approved` payment of the amount
 * asked, whose `external_reference` names one of this tenant's deposits, changes anything. A
 * pending deposit then books its appointment (receipt sent); one whose hold already expired
 * books it again if the slot is still free, else the payment is refunded and the customer told
 * (CONTRACT: deposit outcomes); so is a payment for a hold the customer or the salon cancelled. A deposit no longer pending changes nothing, so the same
 * notification twice (or a notification after the expiry job saw the payment) has one effect.
 */
export async function applyPaymentNotification(
  deps: DepositDeps,
  notification: { tenantId: number; paymentId: string },
): Promise<PaymentNotificationOutcome> {
  const tenant = await deps.db.tenant.findUnique({ where: { id: notification.tenantId }, select: { paymentAccessToken: true } });
  if (!tenant?.paymentAccessToken) return { kind: 'ignored', reason: 'no_credentials' };
  const read = await deps.mercadoPago.getPayment({ accessToken: tenant.paymentAccessToken }, notification.paymentId);
  if (read.kind === 'unavailable') return { kind: 'retry_later', detail: read.detail };
  if (read.kind === 'refused') return { kind: 'ignored', reason: `payment_unreadable:${read.httpStatus}` };
  const payment = read.value;
  const appointmentId = appointmentIdOfReference(payment.externalReference);
  if (appointmentId === null) return { kind: 'ignored', reason: 'not_a_deposit' };
  const row = await deps.db.deposit.findFirst({ where: { tenantId: notification.tenantId, appointmentId }, select: { id: true } });
  const deposit = row ? await loadDeposit(deps.db, { depositId: row.id, tenantId: notification.tenantId }) : null;
  if (!deposit) return { kind: 'ignored', reason: 'unknown_deposit' };
  if (deposit.paymentId !== null && deposit.paymentId !== payment.id) return { kind: 'ignored', reason: 'another_charge' };
  if (payment.status !== 'approved') return { kind: 'ignored', reason: `status_${payment.status}` };
  if (payment.transactionAmount !== null && payment.transactionAmount < reaisOf(deposit.amountCents)) {
    deps.logger.warn({ depositId: deposit.id }, 'approved payment below the deposit amount; left for staff');
    return { kind: 'ignored', reason: 'amount_short' };
  }
  return settleApprovedPayment(deps, deposit, payment.id);
}

/** Books the deposit's appointment for an approved payment (see applyPaymentNotification). */
export async function settleApprovedPayment(
  deps: DepositDeps,
  deposit: LoadedDeposit,
  paymentId: string,
): Promise<PaymentNotificationOutcome> {
  const now = deps.now();
  const when = formatDayTime(deposit.appointment.startsAt.getTime(), deposit.tenant.timezone);
  if (isSettledByStaff(deposit)) return refundPaymentSettledByStaff(deps, deposit, paymentId, { now, when });
  if (deposit.status !== 'pending' && deposit.status !== 'expired') return { kind: 'ignored', reason: `already_${deposit.status}` };
  const outcome = await settleDepositHold(deps.scheduling, {
    tenantId: deposit.tenantId,
    appointmentId: deposit.appointment.id,
    settlement: deposit.status === 'pending' ? 'paid' : 'paid_late',
    actor: { kind: 'payment' },
    now,
    afterChange: async (tx) => {
      await tx.deposit.update({ where: { id: deposit.id }, data: { status: 'paid', paidAt: now, paymentId, failure: null } });
      await tellCustomer(tx, {
        tenantId: deposit.tenantId,
        customerId: deposit.appointment.customerId,
        key: `${deposit.id}:paid`,
        texts: [
          depositTexts.paid({
            service: deposit.appointment.service,
            professional: deposit.appointment.professional,
            when,
            amountCents: deposit.amountCents,
            refundUntilHours: deposit.tenant.refundUntilHours,
          }),
        ],
      });
    },
  });
  if (outcome.kind === 'changed') return { kind: 'booked', appointmentId: deposit.appointment.id };
  // The slot was taken meanwhile, or the hold was cancelled: the money goes back.
  const refund = await deps.mercadoPago.refundPayment(
    { accessToken: deposit.tenant.paymentAccessToken! },
    paymentId,
    `refund-${deposit.chargeKey}`,
  );
  if (refund.kind === 'unavailable') return { kind: 'retry_later', detail: refund.detail };
  if (refund.kind === 'refused') deps.logger.warn({ depositId: deposit.id, detail: refund.detail }, 'a late payment could not be refunded');
  await inTransaction(deps.db, async (tx) => {
    const marked = await tx.deposit.updateMany({
      where: { id: deposit.id, status: { in: ['pending', 'expired'] } },
      data: { status: 'refunded', paymentId, paidAt: now, refundedAt: refund.kind === 'ok' ? now : null },
    });
    if (marked.count === 0) return;
    await tellCustomer(tx, {
      tenantId: deposit.tenantId,
      customerId: deposit.appointment.customerId,
      key: `${deposit.id}:too-late`,
      texts: [depositTexts.paidTooLate({ service: deposit.appointment.service, when, amountCents: deposit.amountCents })],
    });
  });
  return { kind: 'refunded_too_late', appointmentId: deposit.appointment.id };
}

/** Staff waived the deposit or marked it paid by hand: such a deposit keeps no Pix payment id (settleDepositByStaff). */
function isSettledByStaff(deposit: LoadedDeposit): boolean {
  return deposit.status === 'waived' || (deposit.status === 'paid' && deposit.paymentId === null);
}

/**
 * A Pix that lands after staff settled the deposit by hand is not the salon's to keep: it is
 * refunded (idempotent by the deposit's key, so a redelivered notification is one refund), the
 * deposit keeps its status (the booking stands) and gets `refunded_at`, and the customer is told.
 */
async function refundPaymentSettledByStaff(
  deps: DepositDeps,
  deposit: LoadedDeposit,
  paymentId: string,
  at: { now: Date; when: string },
): Promise<PaymentNotificationOutcome> {
  const refund = await deps.mercadoPago.refundPayment(
    { accessToken: deposit.tenant.paymentAccessToken! },
    paymentId,
    `refund-${deposit.chargeKey}`,
  );
  if (refund.kind === 'unavailable') return { kind: 'retry_later', detail: refund.detail };
  if (refund.kind === 'refused') {
    deps.logger.warn({ depositId: deposit.id, detail: refund.detail }, 'a Pix paid after staff settled the deposit could not be refunded');
    return { kind: 'ignored', reason: 'refund_refused' };
  }
  await inTransaction(deps.db, async (tx) => {
    const marked = await tx.deposit.updateMany({
      where: { id: deposit.id, status: deposit.status, paymentId: null, refundedAt: null },
      data: { refundedAt: at.now },
    });
    if (marked.count === 0) return;
    await tellCustomer(tx, {
      tenantId: deposit.tenantId,
      customerId: deposit.appointment.customerId,
      key: `${deposit.id}:settled-refund`,
      texts: [
        depositTexts.paidAfterSettled({
          service: deposit.appointment.service,
          when: at.when,
          amountCents: deposit.amountCents,
          waived: deposit.status === 'waived',
        }),
      ],
    });
  });
  return { kind: 'refunded_settled_by_staff', appointmentId: deposit.appointment.id };
}
