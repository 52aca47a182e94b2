/**
 * A deposit's status (`deposits.status`, CHECK in SQL): `pending` (its appointment waits in
 * `pending_payment`), `paid` (by Pix, or cash marked by staff), `expired` (the hold ran out
 * unpaid, or the charge could not be created), `refunded` (given back after a cancellation in
 * time, or a payment that came too late), `waived` (staff let it go).
 */
export const DEPOSIT_STATUSES = ['pending', 'paid', 'expired', 'refunded', 'waived'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];

export function toDepositStatus(value: string): DepositStatus {
  if ((DEPOSIT_STATUSES as readonly string[]).includes(value)) return value as DepositStatus;
  throw new Error(`unknown deposit status ${value}`);
}

/** `external_reference` of an appointment's charge: what names it at Mercado Pago. */
export function externalReferenceOf(appointmentId: number): string {
  return `appointment:${appointmentId}`;
}

/** The appointment an `external_reference` names, or null. */
export function appointmentIdOfReference(reference: string | null): number | null {
  const match = /^appointment:(\d{1,10})$/.exec(reference ?? '');
  return match ? Number(match[1]) : null;
}
