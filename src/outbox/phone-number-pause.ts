import { GraphApiError } from '../graph/index.js';

const pausedUntil = new Map<string, number>();

/**
 * Remembers that Meta refused a business number's throughput (130429) so this process sends
 * nothing more from that number until the pause ends: the sends wait in their jobs (retried
 * with backoff) instead of hammering Meta. Per process, which is what matters: each worker
 * meets the limit itself and backs off.
 */
export function pausePhoneNumber(phoneNumberId: string, pauseMs: number, now = Date.now()): void {
  pausedUntil.set(phoneNumberId, Math.max(pausedUntil.get(phoneNumberId) ?? 0, now + pauseMs));
}

/** Throws a retryable 130429 GraphApiError (without calling Meta) while the number is paused. */
export function assertPhoneNumberNotPaused(phoneNumberId: string, now = Date.now()): void {
  const until = pausedUntil.get(phoneNumberId);
  if (until === undefined) return;
  if (until <= now) {
    pausedUntil.delete(phoneNumberId);
    return;
  }
  throw new GraphApiError(
    `sends from this number paused for ${until - now} ms after Meta's throughput limit`,
    429,
    '130429',
    'Rate limit hit',
    true,
  );
}
