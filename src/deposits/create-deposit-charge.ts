import { inTransaction, type Tx } from '../db/index.js';
import { formatDayTime } from '../scheduling/receipts/index.js';
import { localTimeOf } from '../shared/index.js';
import type { DepositDeps } from './deposit-deps.js';
import { externalReferenceOf } from './deposit-status.js';
import { depositTexts } from './deposit-texts.js';
import { isoWithOffset } from './iso-with-offset.js';
import { type LoadedDeposit, loadDeposit } from './load-deposit.js';
import { payerEmailOf } from './payer-email.js';
import { releaseDepositHold } from './release-deposit-hold.js';
import { tellCustomer } from './tell-customer.js';

/** Mercado Pago refuses a Pix expiry under 30 minutes ahead: a shorter hold is ended by our expiry job, which cancels the charge. */
export const PIX_MIN_EXPIRY_MS = 31 * 60_000;

export type CreateChargeOutcome =
  | { kind: 'created'; paymentId: string }
  | { kind: 'nothing_to_do' }
  /** Mercado Pago did not answer: the job is tried again (thrown) until its last attempt */
  | { kind: 'retry'; detail: string }
  /** the last attempt failed, or Mercado Pago refused: the hold is released and the customer told to try again */
  | { kind: 'released'; detail: string };

/**
 * The `create-deposit-charge` job: creates the deposit's Pix charge at Mercado Pago (`POST
 * /v1/payments`, `payment_method_id: "pix"`, `X-Idempotency-Key` = the deposit's key, so a
 * retried job is the same charge; `external_reference` = the appointment; `date_of_expiration`
 * = the hold's end, or Mercado Pago's 30-minute minimum when the hold is shorter), stores the
 * payment id and the copia-e-cola code, and sends the customer the code with the amount, the
 * hold and the refund policy, in one transaction. Mercado Pago down: retried; on the last
 * attempt (or a refusal) the appointment expires at once (nothing is held) and the customer is
 * told to try again. Anything already settled (paid, expired, cancelled) is left alone.
 */
export async function createDepositCharge(
  deps: DepositDeps,
  depositId: number,
  attempt: { attempt: number; maxAttempts: number },
): Promise<CreateChargeOutcome> {
  const deposit = await loadDeposit(deps.db, { depositId });
  if (deposit?.status !== 'pending' || deposit.pixCode !== null || deposit.appointment.status !== 'pending_payment') {
    return { kind: 'nothing_to_do' };
  }
  const now = deps.now();
  const { tenant, appointment } = deposit;
  const when = formatDayTime(appointment.startsAt.getTime(), tenant.timezone);
  if (!tenant.paymentAccessToken) {
    await releaseDepositHold(deps, deposit, {
      failure: 'no_credentials',
      text: depositTexts.chargeFailed({ service: appointment.service, when }),
    });
    return { kind: 'released', detail: 'no Mercado Pago access token stored' };
  }
  const result = await deps.mercadoPago.createPixCharge(
    { accessToken: tenant.paymentAccessToken },
    {
      amountCents: deposit.amountCents,
      description: `Sinal: ${appointment.service} (${when}) - ${tenant.name}`.slice(0, 250),
      externalReference: externalReferenceOf(appointment.id),
      payerEmail: payerEmailOf({ id: appointment.customerId }, tenant),
      expiresAt: isoWithOffset(Math.max(deposit.holdUntil.getTime(), now.getTime() + PIX_MIN_EXPIRY_MS), tenant.timezone),
      idempotencyKey: deposit.chargeKey,
    },
  );
  if (result.kind !== 'ok' || !result.value.pixCode) {
    const detail = result.kind === 'ok' ? 'payment without a Pix code' : result.detail;
    if (result.kind === 'unavailable' && attempt.attempt < attempt.maxAttempts) return { kind: 'retry', detail };
    await releaseDepositHold(deps, deposit, {
      failure: result.kind === 'refused' ? 'mercadopago_refused' : 'mercadopago_unavailable',
      text: depositTexts.chargeFailed({ service: appointment.service, when }),
    });
    return { kind: 'released', detail };
  }
  const payment = result.value;
  const pixCode = payment.pixCode!;
  await inTransaction(deps.db, async (tx) => {
    const stored = await tx.deposit.updateMany({
      where: { id: deposit.id, status: 'pending', pixCode: null },
      data: { paymentId: payment.id, pixCode },
    });
    if (stored.count === 0) return;
    await tellCustomerOfPix(tx, deposit, pixCode, when);
  });
  return { kind: 'created', paymentId: payment.id };
}

async function tellCustomerOfPix(tx: Tx, deposit: LoadedDeposit, pixCode: string, when: string): Promise<void> {
  await tellCustomer(tx, {
    tenantId: deposit.tenantId,
    customerId: deposit.appointment.customerId,
    key: `${deposit.id}:pix`,
    texts: [
      depositTexts.pixRequest({
        service: deposit.appointment.service,
        professional: deposit.appointment.professional,
        when,
        amountCents: deposit.amountCents,
        holdUntil: localTimeOf(deposit.holdUntil.getTime(), deposit.tenant.timezone),
        refundUntilHours: deposit.tenant.refundUntilHours,
      }),
      pixCode,
    ],
  });
}
