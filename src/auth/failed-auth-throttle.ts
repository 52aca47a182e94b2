import { type Db, Prisma } from '../db/index.js';

export type AttemptReservation = { kind: 'go'; giveBack(): Promise<void> } | { kind: 'blocked'; retryAfterSeconds: number };

export interface FailedAuthThrottle {
  /**
   * Counts one key attempt from `address` before the key is looked up, and says whether it may
   * be looked up at all. A known key's attempt is given back (`giveBack`), so only refused keys
   * use up the bound.
   */
  reserve(address: string): Promise<AttemptReservation>;
}

/**
 * Per client address, at most `limit` refused API keys per fixed `windowMs` window; past that
 * the address gets 429 without a lookup (no query on api_keys, no log line per guess) until
 * the window ends. The count lives in one row per address and window, raised by one upsert
 * before the lookup, so a parallel burst (in one process or over several) cannot outrun it:
 * PostgreSQL serialises the increments on the row.
 */
export function createFailedAuthThrottle(options: { db: Db; limit: number; windowMs: number; now?: () => number }): FailedAuthThrottle {
  const now = options.now ?? Date.now;
  return {
    async reserve(address) {
      const at = now();
      const windowStart = new Date(Math.floor(at / options.windowMs) * options.windowMs);
      const scope = `api_key:${address.slice(0, 100)}`;
      const rows = await options.db.$queryRaw<{ count: number }[]>(Prisma.sql`
        INSERT INTO auth_attempt_counters (scope, window_start, count) VALUES (${scope}, ${windowStart}, 1)
        ON CONFLICT (scope, window_start) DO UPDATE SET count = auth_attempt_counters.count + 1
        RETURNING count`);
      const count = rows[0]?.count ?? 1;
      if (count > options.limit) {
        const left = windowStart.getTime() + options.windowMs - at;
        return { kind: 'blocked', retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
      }
      return {
        kind: 'go',
        giveBack: async () => {
          await options.db.$executeRaw`
            UPDATE auth_attempt_counters SET count = count - 1
            WHERE scope = ${scope} AND window_start = ${windowStart} AND count > 0`;
        },
      };
    },
  };
}

/** Deletes the counters of windows that ended before `before` (the maintenance task). */
export async function deleteOldAttemptCounters(db: Db, before: Date): Promise<number> {
  return db.$executeRaw`DELETE FROM auth_attempt_counters WHERE window_start < ${before}`;
}
