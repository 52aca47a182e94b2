import { parseCookie } from 'cookie';

/**
 * The session cookie's name. Over https it carries the `__Host-` prefix, which browsers only
 * accept with Secure, Path=/ and no Domain, so no other host or path can plant or read it.
 */
export const sessionCookieName = (secure: boolean): string => (secure ? '__Host-wa_console' : 'wa_console');

/**
 * The session token in a Cookie header, or null. Over https only the `__Host-` cookie counts:
 * a plain `wa_console` there could have been planted by another host or over http.
 */
export function readSessionToken(cookieHeader: string | undefined, secure: boolean): string | null {
  if (!cookieHeader) return null;
  return parseCookie(cookieHeader)[sessionCookieName(secure)] ?? null;
}

/** Whether cookies must be Secure (and `__Host-`): the request came over https (directly or through the proxy), or PUBLIC_URL is https. */
export function isSecureContext(requestIsSecure: boolean, publicUrl: string | undefined): boolean {
  return requestIsSecure || Boolean(publicUrl?.startsWith('https:'));
}

/** Options of the session cookie: httpOnly, SameSite=Strict, Secure behind https. */
export function sessionCookieOptions(secure: boolean, maxAgeMs?: number) {
  return { httpOnly: true, sameSite: 'strict' as const, secure, path: '/', ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }) };
}

/**
 * Whether a state-changing request comes from the console's own pages: its Origin header must
 * be this service's origin (as the browser reached it, or PUBLIC_URL). A missing Origin is
 * refused: every browser that runs the console sends it on POST and DELETE.
 */
export function isSameOrigin(origin: string | undefined, allowed: string[]): boolean {
  if (!origin || origin === 'null') return false;
  return allowed.some((candidate) => candidate === origin);
}

/** The origins a console page may post from: the one the browser used to reach us (protocol and Host), and PUBLIC_URL's. */
export function allowedOrigins(protocol: string, host: string | undefined, publicUrl: string | undefined): string[] {
  const origins = [`${protocol}://${host ?? ''}`];
  if (publicUrl) origins.push(new URL(publicUrl).origin);
  return origins;
}
