import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyNotificationSignature } from '../../src/mercadopago/index.js';

const secret = 'segredo-do-webhook';
const now = new Date('2026-12-07T12:00:00Z');
const ts = String(Math.floor(now.getTime() / 1000));
// Mercado Pago's manifest, computed here by hand: id:<data.id>;request-id:<x-request-id>;ts:<ts>;
const v1 = createHmac('sha256', secret).update(`id:1325000123;request-id:req-42;ts:${ts};`).digest('hex');
const base = { signature: `ts=${ts},v1=${v1}`, requestId: 'req-42', dataId: '1325000123', secret, now };

describe('verifyNotificationSignature: Mercado Pago’s x-signature', () => {
  it('when the HMAC of id, request id and ts matches and ts is recent, then it is authentic (in seconds or milliseconds)', () => {
    expect(verifyNotificationSignature(base)).toEqual({ ok: true, ts: now.getTime() });
    const tsMs = String(now.getTime());
    const v1Ms = createHmac('sha256', secret).update(`id:1325000123;request-id:req-42;ts:${tsMs};`).digest('hex');
    expect(verifyNotificationSignature({ ...base, signature: `ts=${tsMs}, v1=${v1Ms}` }).ok).toBe(true);
  });

  it('when any signed part differs, then mismatch', () => {
    expect(verifyNotificationSignature({ ...base, dataId: '1325000124' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyNotificationSignature({ ...base, requestId: 'req-43' })).toEqual({ ok: false, reason: 'mismatch' });
    expect(verifyNotificationSignature({ ...base, secret: 'outro' })).toEqual({ ok: false, reason: 'mismatch' });
  });

  it('when the signature is older than 5 minutes (a replay), then stale; missing or malformed parts are refused too', () => {
    expect(verifyNotificationSignature({ ...base, now: new Date(now.getTime() + 5 * 60_000 + 1000) })).toEqual({
      ok: false,
      reason: 'stale',
    });
    expect(verifyNotificationSignature({ ...base, now: new Date(now.getTime() + 4 * 60_000) }).ok).toBe(true);
    expect(verifyNotificationSignature({ ...base, signature: undefined })).toEqual({ ok: false, reason: 'missing' });
    expect(verifyNotificationSignature({ ...base, requestId: undefined })).toEqual({ ok: false, reason: 'missing' });
    expect(verifyNotificationSignature({ ...base, signature: `ts=${ts}` })).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyNotificationSignature({ ...base, signature: `ts=abc,v1=${v1}` })).toEqual({ ok: false, reason: 'malformed' });
  });
});
