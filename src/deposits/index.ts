// Deposits ("sinal") by Pix: the deposits row a pending_payment booking opens (the subscriber to
// "appointment changed"), the charge's creation, the hold's expiry, Mercado Pago's notifications.

export { applyPaymentNotification, type PaymentNotificationOutcome, settleApprovedPayment } from './apply-payment-notification.js';
export { authenticateNotification, type NotificationAuthentication } from './authenticate-notification.js';
export { type CancelChargeOutcome, cancelDepositCharge } from './cancel-deposit-charge.js';
export { type CreateChargeOutcome, createDepositCharge, PIX_MIN_EXPIRY_MS } from './create-deposit-charge.js';
export type { DepositDeps } from './deposit-deps.js';
export { computeDepositStats, type DepositFigure, type DepositStats, formatDepositStats } from './deposit-stats.js';
export { DEPOSIT_STATUSES, type DepositStatus, externalReferenceOf } from './deposit-status.js';
export { depositTexts } from './deposit-texts.js';
export { type ExpireHoldOutcome, expireDepositHold } from './expire-deposit-hold.js';
export { loadDeposit } from './load-deposit.js';
export { CHARGE_MAX_ATTEMPTS, expiryJobKey, openDepositOnBooking } from './open-deposit-on-booking.js';
export { payerEmailOf } from './payer-email.js';
export { type RefundOutcome, refundDeposit } from './refund-deposit.js';
export { type StaffDepositAction, type StaffDepositOutcome, settleDepositByStaff } from './settle-deposit-by-staff.js';
export { refundsOnCancellation, settleDepositOnCancellation } from './settle-deposit-on-cancellation.js';
