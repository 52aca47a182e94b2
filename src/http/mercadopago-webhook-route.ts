import { type Request, type Response, Router } from 'express';
import type { NotificationAuthentication, PaymentNotificationOutcome } from '../deposits/index.js';
import type { Logger } from '../shared/index.js';

export interface MercadoPagoWebhookOptions {
  logger: Logger;
  /** checks the `x-signature` under the tenant's webhook secret (deposits' authenticateNotification, wired in boot/) */
  authenticate(request: {
    tenantSlug: string;
    signature: string | undefined;
    requestId: string | undefined;
    dataId: string | undefined;
  }): Promise<NotificationAuthentication>;
  /** reads the payment and applies it (deposits' applyPaymentNotification) */
  apply(notification: { tenantId: number; paymentId: string }): Promise<PaymentNotificationOutcome>;
}

/**
 * `POST /webhooks/mercadopago/:tenantSlug?data.id=ID&type=payment` (CONTRACT: deposits): a bad,
 * missing or stale signature is 401 and changes nothing; a signed notification of a payment is
 * applied (the payment read from Mercado Pago, never taken from the body) and answered 200, or
 * 503 when Mercado Pago could not be read, so it sends the notification again. Other topics: 200.
 */
export function createMercadoPagoWebhookRouter(options: MercadoPagoWebhookOptions): Router {
  const router = Router();
  const logger = options.logger.child({ component: 'mercadopago-webhook' });
  router.post('/webhooks/mercadopago/:tenantSlug', async (request: Request, response: Response) => {
    const dataId = queryText(request.query['data.id']) ?? queryText(request.query.id);
    const authentication = await options.authenticate({
      tenantSlug: String(request.params.tenantSlug),
      signature: request.get('x-signature'),
      requestId: request.get('x-request-id'),
      dataId,
    });
    if (authentication.kind === 'refused') {
      logger.info({ reason: authentication.reason }, 'mercado pago notification refused');
      response.status(401).json({ error: { code: 'invalid_signature', message: 'invalid or missing x-signature' } });
      return;
    }
    const topic = queryText(request.query.type) ?? queryText(request.query.topic);
    if (topic !== 'payment' || !dataId || !/^\d{1,20}$/.test(dataId)) {
      response.status(200).json({ received: true });
      return;
    }
    const outcome = await options.apply({ tenantId: authentication.tenantId, paymentId: dataId });
    logger.info({ tenantId: authentication.tenantId, outcome: outcome.kind }, 'mercado pago notification');
    if (outcome.kind === 'retry_later') {
      response.status(503).json({ error: { code: 'payment_unreadable', message: 'Mercado Pago could not be read; send again' } });
      return;
    }
    response.status(200).json({ received: true });
  });
  return router;
}

function queryText(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
