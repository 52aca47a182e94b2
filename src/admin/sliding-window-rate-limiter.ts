type RateLimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request for `key` and says whether it may proceed. */
  hit(key: string | number): RateLimitDecision;
}

/**
 * An in-memory sliding-window log per key: at most `limit` requests in any `windowMs`.
 * Per process (each web process limits on its own); memory is bounded by `limit` timestamps
 * per active key, and idle keys are swept. A refused request is not counted, so a client
 * that waits `retryAfterSeconds` is let through.
 */
export function createSlidingWindowRateLimiter(options: { limit: number; windowMs: number; now?: () => number }): RateLimiter {
  const now = options.now ?? Date.now;
  const hits = new Map<string | number, number[]>();
  let lastSweep = now();

  const sweep = (at: number) => {
    for (const [key, times] of hits) {
      if ((times.at(-1) ?? 0) <= at - options.windowMs) hits.delete(key);
    }
    lastSweep = at;
  };

  return {
    hit(key) {
      const at = now();
      if (at - lastSweep > options.windowMs) sweep(at);
      const times = hits.get(key) ?? [];
      const windowStart = at - options.windowMs;
      let expired = 0;
      while (expired < times.length && (times[expired] ?? 0) <= windowStart) expired++;
      if (expired > 0) times.splice(0, expired);
      if (times.length >= options.limit) {
        const oldest = times[0] ?? at;
        return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + options.windowMs - at) / 1000)) };
      }
      times.push(at);
      hits.set(key, times);
      return { allowed: true, remaining: options.limit - times.length };
    },
  };
}
