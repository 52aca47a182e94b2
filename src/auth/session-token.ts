import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A fresh session token (256 random bits) for the cookie. */
export const newSessionToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a session token: its sha256, so a leaked table opens no session. */
export const sessionTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/**
 * The CSRF token of a session: an HMAC keyed by the session token itself. A page of the
 * console reads it from `GET /console/api/session` and sends it back in `X-CSRF-Token`; another
 * site can neither read it (same-origin policy) nor compute it (the cookie is httpOnly).
 */
export const csrfTokenFor = (sessionToken: string): string => createHmac('sha256', sessionToken).update('csrf').digest('base64url');

/** Constant-time check of a presented CSRF token against the session's. */
export function isCsrfTokenValid(sessionToken: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(csrfTokenFor(sessionToken));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
