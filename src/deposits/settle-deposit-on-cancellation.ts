import type { Tx } from '../db/index.js';
import { enqueueJob, TASKS } from '../queue/index.js';
import { type AppointmentChanged, readDepositRule } from '../scheduling/appointments/index.js';
import { depositTexts } from './deposit-texts.js';
import { tellCustomer } from './tell-customer.js';

/** Whether a cancellation gives the deposit back (CONTRACT: the salon's always; the customer's only `refundUntilHours` or more ahead). Pure. */
export function refundsOnCancellation(input: {
  actorKind: AppointmentChanged['actor']['kind'];
  startsAt: Date;
  at: Date;
  refundUntilHours: number;
}): boolean {
  const bySalon = input.actorKind === 'staff_account' || input.actorKind === 'api_key';
  if (bySalon) return true;
  return input.startsAt.getTime() - input.at.getTime() >= input.refundUntilHours * 3_600_000;
}

/**
 * The deposits' subscriber to cancellations, inside the cancellation's transaction: a paid
 * deposit is refunded (a `refund-deposit` job: Mercado Pago is called after the commit) when the
 * salon cancels or the customer cancels at least `refundUntilHours` ahead, else it is kept; the
 * customer is told which. A deposit still pending ends with its appointment (`expired`).
 */
export async function settleDepositOnCancellation(tx: Tx, event: AppointmentChanged): Promise<void> {
  if (event.kind !== 'cancelled') return;
  const { appointment } = event;
  const deposit = await tx.deposit.findFirst({
    where: { tenantId: appointment.tenantId, appointmentId: appointment.id },
    select: { id: true, status: true, amountCents: true, tenant: { select: { payments: true } } },
  });
  if (!deposit) return;
  if (deposit.status === 'pending') {
    await tx.deposit.update({ where: { id: deposit.id }, data: { status: 'expired', failure: 'cancelled' } });
    return;
  }
  if (deposit.status !== 'paid') return;
  const refundUntilHours = readDepositRule(deposit.tenant.payments)?.refundUntilHours ?? 0;
  const refunds = refundsOnCancellation({ actorKind: event.actor.kind, startsAt: appointment.startsAt, at: event.at, refundUntilHours });
  if (refunds) {
    await enqueueJob(tx, {
      task: TASKS.refundDeposit,
      payload: { depositId: deposit.id },
      jobKey: `deposit-refund:${deposit.id}`,
      maxAttempts: 10,
    });
  }
  await tellCustomer(tx, {
    tenantId: appointment.tenantId,
    customerId: appointment.customerId,
    key: `${deposit.id}:cancelled`,
    texts: [
      refunds
        ? depositTexts.refunded({ amountCents: deposit.amountCents })
        : depositTexts.kept({ amountCents: deposit.amountCents, refundUntilHours }),
    ],
  });
}
