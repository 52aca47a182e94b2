import { createSlidingWindowRateLimiter } from './sliding-window-rate-limiter.js';

export interface FailedAuthThrottle {
  /** Seconds to wait when `address` has used up its failed attempts, else null. Asked before any key lookup. */
  blockedFor(address: string): number | null;
  /** Counts one refused key from `address`. */
  recordFailure(address: string): void;
}

/**
 * Per client address, at most `limit` refused API keys in any `windowMs`; after that the
 * address gets 429 without its key being looked up (no query, no log line per guess) until
 * the window slides. Successful requests cost nothing here. Per process, like the key limiter.
 */
export function createFailedAuthThrottle(options: { limit: number; windowMs: number; now?: () => number }): FailedAuthThrottle {
  const now = options.now ?? Date.now;
  const failures = createSlidingWindowRateLimiter(options);
  const blockedUntil = new Map<string, number>();
  return {
    blockedFor(address) {
      const until = blockedUntil.get(address);
      if (until === undefined) return null;
      const left = until - now();
      if (left > 0) return Math.max(1, Math.ceil(left / 1000));
      blockedUntil.delete(address);
      return null;
    },
    recordFailure(address) {
      const decision = failures.hit(address);
      if (decision.allowed && decision.remaining > 0) return;
      const retryAfterMs = decision.allowed ? options.windowMs : decision.retryAfterSeconds * 1000;
      if (blockedUntil.size > 100_000) blockedUntil.clear();
      blockedUntil.set(address, now() + retryAfterMs);
    },
  };
}
