import { createHmac, timingSafeEqual } from 'node:crypto';

/** A notification older than this (by its signed `ts`) is refused: a captured one cannot be replayed later. */
export const NOTIFICATION_MAX_AGE_MS = 5 * 60_000;

export type NotificationSignatureVerdict = { ok: true; ts: number } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch' | 'stale' };

/**
 * Checks Mercado Pago's `x-signature: ts=TS,v1=HEX` header: HEX must be the HMAC-SHA256 under
 * the webhook secret of `id:DATA_ID;request-id:REQUEST_ID;ts:TS;` (the data id lower-cased, as
 * Mercado Pago signs alphanumeric ids), compared in constant time; and TS (seconds or
 * milliseconds) must be at most 5 minutes old. Pure: the caller passes the clock.
 */
export function verifyNotificationSignature(input: {
  signature: string | undefined;
  requestId: string | undefined;
  dataId: string | undefined;
  secret: string;
  now: Date;
}): NotificationSignatureVerdict {
  if (!input.signature || !input.requestId || !input.dataId) return { ok: false, reason: 'missing' };
  const parts = new Map(
    input.signature.split(',').map((part) => {
      const [key, ...value] = part.split('=');
      return [key?.trim() ?? '', value.join('=').trim()] as const;
    }),
  );
  const ts = parts.get('ts');
  const v1 = parts.get('v1');
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return { ok: false, reason: 'malformed' };
  const expected = notificationSignature(input.secret, { dataId: input.dataId, requestId: input.requestId, ts });
  if (!timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(v1.toLowerCase(), 'hex'))) return { ok: false, reason: 'mismatch' };
  const tsNumber = Number(ts);
  const signedAtMs = tsNumber < 1e12 ? tsNumber * 1000 : tsNumber;
  if (Math.abs(input.now.getTime() - signedAtMs) > NOTIFICATION_MAX_AGE_MS) return { ok: false, reason: 'stale' };
  return { ok: true, ts: signedAtMs };
}

/** The v1 HMAC (hex) of a notification: what Mercado Pago sends and the fake signs with. */
export function notificationSignature(secret: string, parts: { dataId: string; requestId: string; ts: string }): string {
  const manifest = `id:${parts.dataId.toLowerCase()};request-id:${parts.requestId};ts:${parts.ts};`;
  return createHmac('sha256', secret).update(manifest).digest('hex');
}
