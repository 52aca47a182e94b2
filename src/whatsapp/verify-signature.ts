import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_FORMAT = /^sha256=([0-9a-f]{64})$/i;

/**
 * True when `header` (`X-Hub-Signature-256`) is `sha256=<hex HMAC-SHA256 of rawBody keyed
 * with appSecret>`. Compares in constant time; a missing or malformed header is false.
 * Must be given the exact bytes received: re-serialised JSON would not match.
 */
export function isValidSignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  const match = header ? SIGNATURE_FORMAT.exec(header.trim()) : null;
  if (!match?.[1]) return false;
  const received = Buffer.from(match[1], 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/** True when `header` has the form of a signature at all: checked before the body is read, so an unsigned post costs nothing. */
export function hasSignatureShape(header: string | undefined): boolean {
  return header !== undefined && SIGNATURE_FORMAT.test(header.trim());
}

/** The header value Meta would send for `rawBody` (used by tests, the chat tool and the benchmark). */
export function signPayload(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}
