import { enqueueJob, TASKS } from '../queue/index.js';
import { type AppointmentActor, type SchedulingDeps, settleDepositHold } from '../scheduling/appointments/index.js';
import { formatDayTime } from '../scheduling/receipts/index.js';
import { cancelChargeJobKey } from './cancel-deposit-charge.js';
import { depositTexts } from './deposit-texts.js';
import { loadDeposit } from './load-deposit.js';
import { tellCustomer } from './tell-customer.js';

export type StaffDepositAction = 'waive' | 'paid';

export type StaffDepositOutcome =
  | { kind: 'settled'; appointmentId: number }
  | { kind: 'appointment_not_found' }
  | { kind: 'no_deposit' }
  /** the deposit is no longer waiting (paid, expired, refunded or waived already) */
  | { kind: 'not_pending'; status: string };

/**
 * Staff settle a pending deposit by hand (`POST /admin/appointments/:id/deposit`): `paid` (the
 * customer paid in cash or another way) or `waive` (no deposit after all). The appointment is
 * booked through the domain's status path with the staff member as the actor in its history
 * (`deposit_paid` / `deposit_waived`), the deposit marked, and the customer told, in one
 * transaction. The open Pix charge is then cancelled at Mercado Pago by a `cancel-deposit-charge`
 * job queued in that transaction, and the deposit forgets its id (`payment_id` null: a deposit
 * settled by hand has no Pix payment), so a Pix that still arrives is refunded
 * (settleApprovedPayment). Another tenant's id is not found.
 */
export async function settleDepositByStaff(
  scheduling: SchedulingDeps,
  request: { tenantId: number; appointmentId: number; action: StaffDepositAction; actor: AppointmentActor; now: Date },
): Promise<StaffDepositOutcome> {
  const appointment = await scheduling.db.appointment.findFirst({
    where: { id: request.appointmentId, tenantId: request.tenantId },
    select: { id: true },
  });
  if (!appointment) return { kind: 'appointment_not_found' };
  const row = await scheduling.db.deposit.findFirst({
    where: { tenantId: request.tenantId, appointmentId: appointment.id },
    select: { id: true },
  });
  if (!row) return { kind: 'no_deposit' };
  const deposit = await loadDeposit(scheduling.db, { depositId: row.id, tenantId: request.tenantId });
  if (!deposit) return { kind: 'no_deposit' };
  if (deposit.status !== 'pending') return { kind: 'not_pending', status: deposit.status };
  const when = formatDayTime(deposit.appointment.startsAt.getTime(), deposit.tenant.timezone);
  const outcome = await settleDepositHold(scheduling, {
    tenantId: request.tenantId,
    appointmentId: request.appointmentId,
    settlement: request.action === 'paid' ? 'paid' : 'waived',
    actor: request.actor,
    now: request.now,
    afterChange: async (tx) => {
      await tx.deposit.update({
        where: { id: deposit.id },
        data: request.action === 'paid' ? { status: 'paid', paidAt: request.now, paymentId: null } : { status: 'waived', paymentId: null },
      });
      if (deposit.paymentId) {
        await enqueueJob(tx, {
          task: TASKS.cancelDepositCharge,
          payload: { depositId: deposit.id, paymentId: deposit.paymentId },
          jobKey: cancelChargeJobKey(deposit.id),
          maxAttempts: 10,
        });
      }
      await tellCustomer(tx, {
        tenantId: request.tenantId,
        customerId: deposit.appointment.customerId,
        key: `${deposit.id}:staff-${request.action}`,
        texts: [
          request.action === 'paid'
            ? depositTexts.paid({
                service: deposit.appointment.service,
                professional: deposit.appointment.professional,
                when,
                amountCents: deposit.amountCents,
                refundUntilHours: deposit.tenant.refundUntilHours,
              })
            : depositTexts.waived({ service: deposit.appointment.service, professional: deposit.appointment.professional, when }),
        ],
      });
    },
  });
  if (outcome.kind === 'changed') return { kind: 'settled', appointmentId: request.appointmentId };
  return { kind: 'not_pending', status: outcome.appointment?.status ?? 'unknown' };
}
