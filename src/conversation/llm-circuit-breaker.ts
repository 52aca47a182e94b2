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
}

/**
 * A circuit breaker whose state lives in `circuit_breakers`, so every web and worker
 * process agrees on it. Closed → `threshold` consecutive failures → open until now +
 * cool-down. After the cool-down it is half-open: `isOpen()` answers false so the next
 * call goes through; a success closes it, a failure reopens it at once (the failure count
 * is still at or above the threshold).
 */
export function createLlmCircuitBreaker(options: LlmCircuitBreakerOptions): CircuitBreaker {
  const name = options.name ?? 'anthropic';
  const { db, clock, logger, threshold, cooldownMs } = options;
  return {
    async recordSuccess() {
      // Only write when something changes: successes are the common case.
      await db.$executeRaw`
        UPDATE circuit_breakers SET failures = 0, opened_until = NULL, updated_at = ${clock.now()}
        WHERE name = ${name} AND (failures > 0 OR opened_until IS NOT NULL)`;
    },
    async recordFailure() {
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
      const row = await db.circuitBreaker.findUnique({ where: { name }, select: { openedUntil: true } });
      return Boolean(row?.openedUntil && row.openedUntil.getTime() > clock.now().getTime());
    },
  };
}
