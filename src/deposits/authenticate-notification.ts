import type { Keyring } from '../credentials/index.js';
import type { Queryable } from '../db/index.js';
import { verifyNotificationSignature } from '../mercadopago/index.js';

export type NotificationAuthentication = { kind: 'authentic'; tenantId: number } | { kind: 'refused'; reason: string };

/**
 * Whether a notification posted to `/webhooks/mercadopago/:tenantSlug` comes from Mercado Pago
 * for that tenant: its `x-signature` must be the HMAC under the tenant's webhook secret
 * (opened from its sealed column), compared in constant time, and at most 5 minutes old. An
 * unknown tenant, one without a secret and a bad or stale signature are all the same refusal
 * to the caller (the reason is for the log only, never the secret).
 */
export async function authenticateNotification(
  db: Queryable,
  keyring: Keyring,
  request: { tenantSlug: string; signature: string | undefined; requestId: string | undefined; dataId: string | undefined; now: Date },
): Promise<NotificationAuthentication> {
  const tenant = await db.tenant.findUnique({ where: { slug: request.tenantSlug }, select: { id: true, paymentWebhookSecret: true } });
  if (!tenant?.paymentWebhookSecret) return { kind: 'refused', reason: 'no_secret' };
  const verdict = verifyNotificationSignature({
    signature: request.signature,
    requestId: request.requestId,
    dataId: request.dataId,
    secret: keyring.open(tenant.paymentWebhookSecret),
    now: request.now,
  });
  return verdict.ok ? { kind: 'authentic', tenantId: tenant.id } : { kind: 'refused', reason: verdict.reason };
}
