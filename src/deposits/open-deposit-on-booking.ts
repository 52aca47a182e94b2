import { randomUUID } from 'node:crypto';
import type { Tx } from '../db/index.js';
import { enqueueJob, TASKS } from '../queue/index.js';
import type { AppointmentChanged } from '../scheduling/appointments/index.js';

/** Attempts of the charge creation (graphile-worker waits ~3 s, then ~7 s): a short outage is ridden out, a long one released. */
export const CHARGE_MAX_ATTEMPTS = 3;

export const chargeJobKey = (depositId: number) => `deposit-charge:${depositId}`;
export const expiryJobKey = (depositId: number) => `deposit-expiry:${depositId}`;

/**
 * The deposits' subscriber to appointment changes (boot/ hands it to the scheduling domain),
 * inside the booking's transaction: a booking that waits for a deposit gets its `deposits` row
 * (amount, hold end, and the charge's idempotency key, minted once per appointment so every
 * retry of the creation is the same charge at Mercado Pago), its charge job (now) and its
 * expiry job (at the hold's end). All commit with the booking or not at all: a crash after the
 * commit still creates the charge, and Mercado Pago being down never loses the booking.
 */
export async function openDepositOnBooking(tx: Tx, event: AppointmentChanged): Promise<void> {
  if (event.kind !== 'booked' || !event.deposit) return;
  const { appointment, deposit } = event;
  const row = await tx.deposit.create({
    data: {
      tenantId: appointment.tenantId,
      appointmentId: appointment.id,
      amountCents: deposit.amountCents,
      holdUntil: deposit.holdUntil,
      chargeKey: randomUUID(),
    },
    select: { id: true },
  });
  await enqueueJob(tx, {
    task: TASKS.createDepositCharge,
    payload: { depositId: row.id },
    jobKey: chargeJobKey(row.id),
    maxAttempts: CHARGE_MAX_ATTEMPTS,
  });
  await enqueueJob(tx, {
    task: TASKS.expireDepositHold,
    payload: { depositId: row.id },
    jobKey: expiryJobKey(row.id),
    runAt: deposit.holdUntil,
    maxAttempts: 10,
  });
}
