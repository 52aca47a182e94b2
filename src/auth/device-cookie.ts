import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { parseCookie } from 'cookie';

/** How long a browser stays a known device of an account after it last signed in. */
export const DEVICE_COOKIE_MAX_AGE_MS = 90 * 86_400_000;

/** The device cookie's name; over https with the `__Host-` prefix, like the session's. */
export const deviceCookieName = (secure: boolean): string => (secure ? '__Host-wa_device' : 'wa_device');

// Signed with the account's password hash: a secret only the server holds, per account, and a
// password change (or reset) forgets every device at once. The cookie proves "this browser signed
// in to this account before"; it never opens a session by itself.
const signatureOf = (passwordHash: string, payload: string): string =>
  createHmac('sha256', passwordHash).update(`device:${payload}`).digest('base64url');

/** A fresh device cookie value for the account that just signed in: `staffId.issuedAt.nonce.signature`. */
export function issueDeviceCookie(account: { id: number; passwordHash: string }, now: Date): string {
  const payload = `${account.id}.${Math.floor(now.getTime() / 1000)}.${randomBytes(12).toString('base64url')}`;
  return `${payload}.${signatureOf(account.passwordHash, payload)}`;
}

/** Whether `value` is this account's device cookie, signed under its current password and not older than the limit. */
export function isKnownDevice(value: string | null, account: { id: number; passwordHash: string }, now: Date): boolean {
  if (!value || value.length > 200) return false;
  const parts = value.split('.');
  if (parts.length !== 4) return false;
  const [staffId, issuedAt, nonce, signature] = parts as [string, string, string, string];
  if (staffId !== String(account.id) || !/^\d{1,12}$/.test(issuedAt)) return false;
  const age = now.getTime() - Number(issuedAt) * 1000;
  if (age < -60_000 || age > DEVICE_COOKIE_MAX_AGE_MS) return false;
  const expected = Buffer.from(signatureOf(account.passwordHash, `${staffId}.${issuedAt}.${nonce}`));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The device cookie in a Cookie header: over https only the `__Host-` one counts. */
export function readDeviceCookie(cookieHeader: string | undefined, secure: boolean): string | null {
  if (!cookieHeader) return null;
  return parseCookie(cookieHeader)[deviceCookieName(secure)] ?? null;
}
