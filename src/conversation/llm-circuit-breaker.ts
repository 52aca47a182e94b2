import type { Db } from '../db/index.js';
import type { Clock, Logger } from '../shared/index.js';

/** What the agent reports to and the responder chooser asks. */
export interface CircuitBreaker {
  /** A call succeeded: closes the breaker and forgets past failures. */
  recordSuccess(): Promise<void>;
  /** A call finally failed as an outage: counts it; at the threshold the breaker opens for the cool-down. */
  recordFailure(): Promise<void>;
  /** True while open: callers should not try the guarded service. */
  isOpen(): Promise<boolean>;
}

export interface LlmCircuitBreakerOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Consecutive failures that open the breaker (config.LLM_BREAKER_THRESHOLD). */
  threshold: number;
  /** How long it stays open (config.LLM_BREAKER_COOLDOWN_MS). */
  cooldownMs: number;
  /** Row name in `circuit_breakers`; one per guarded service. */
  name?: string;
  /** how long isOpen answers from this process's last read of the row (ms; default 1 000) */
  readCacheMs?: number;
}

/**
 * A circuit breaker whose state lives in `circuit_breakers`, so every web and worker
 * process agrees on it. Closed → `threshold` consecutive failures → open until now +
 * cool-down. After the cool-down it is half-open: `isOpen()` answers false so the next
 * call goes through; a success closes it, a failure reopens it at once (the failure count
 * is still at or above the threshold).
 *
 * isOpen is asked before every turn: it answers from this process's last read of the row for
 * `readCacheMs` (1 s), so a busy worker reads it about once a second instead of once a turn.
 * Another process's opening is seen here at most that much later; this process's own
 * successes and failures drop the cached read at once.
 */
export function createLlmCircuitBreaker(options: LlmCircuitBreakerOptions): CircuitBreaker {
  const name = options.name ?? 'anthropic';
  const { db, clock, logger, threshold, cooldownMs } = options;
  const readCacheMs = options.readCacheMs ?? 1000;
  let lastRead: { atMs: number; openedUntil: Date | null } | undefined;
  return {
    async recordSuccess() {
      lastRead = undefined;
      // Only write when something changes: successes are the common case.
      await db.$executeRaw`
        UPDATE circuit_breakers SET failures = 0, opened_until = NULL, updated_at = ${clock.now()}
        WHERE name = ${name} AND (failures > 0 OR opened_until IS NOT NULL)`;
    },
    async recordFailure() {
      lastRead = undefined;
      const now = clock.now();
      const openUntil = new Date(now.getTime() + cooldownMs);
      // One atomic upsert: concurrent failures from several processes all count.
      const rows = await db.$queryRaw<{ failures: number; opened_until: Date | null }[]>`
        INSERT INTO circuit_breakers (name, failures, opened_until, updated_at)
        VALUES (${name}, 1, ${threshold <= 1 ? openUntil : null}, ${now})
        ON CONFLICT (name) DO UPDATE SET
          failures = circuit_breakers.failures + 1,
          opened_until = CASE WHEN circuit_breakers.failures + 1 >= ${threshold} THEN ${openUntil}::timestamptz
                              ELSE circuit_breakers.opened_until END,
          updated_at = ${now}
        RETURNING failures, opened_until`;
      const row = rows[0];
      if (row && row.failures === threshold) {
        logger.warn({ breaker: name, failures: row.failures, openedUntil: row.opened_until }, 'circuit breaker opened');
      } else if (row && row.failures > threshold) {
        logger.warn({ breaker: name, failures: row.failures, openedUntil: row.opened_until }, 'circuit breaker reopened');
      }
    },
    async isOpen() {
      const nowMs = clock.now().getTime();
      if (!lastRead || nowMs - lastRead.atMs >= readCacheMs || nowMs < lastRead.atMs) {
        const row = await db.circuitBreaker.findUnique({ where: { name }, select: { openedUntil: true } });
        lastRead = { atMs: nowMs, openedUntil: row?.openedUntil ?? null };
      }
      return Boolean(lastRead.openedUntil && lastRead.openedUntil.getTime() > nowMs);
    },
  };
}
