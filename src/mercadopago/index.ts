// Mercado Pago: the payments API client (Pix charges, reads, refunds, cancellations) and the
// webhook signature check. Answers are values; tokens arrive sealed and are opened per request.
export {
  createMercadoPagoClient,
  type MercadoPagoClient,
  type MercadoPagoClientOptions,
  type MercadoPagoTarget,
} from './mercadopago-client.js';
export {
  type MercadoPagoPayment,
  type MercadoPagoRefund,
  type MercadoPagoResult,
  type PixChargeRequest,
  reaisOf,
  toMercadoPagoPayment,
} from './mercadopago-payment.js';
export {
  NOTIFICATION_MAX_AGE_MS,
  type NotificationSignatureVerdict,
  notificationSignature,
  verifyNotificationSignature,
} from './notification-signature.js';
