import type { RequestHandler } from 'express';
import { type FailedAuthThrottle, findActiveApiKey, hashApiKey, touchApiKey } from '../auth/index.js';
import type { Db, SqlReads } from '../db/index.js';
import { errorBody } from '../http/index.js';
import type { Clock, Logger } from '../shared/index.js';
import { setAdminContext } from './admin-context.js';
import type { RateLimiter } from './sliding-window-rate-limiter.js';

const BEARER = /^Bearer\s+(\S{1,200})\s*$/i;

/**
 * Admin authentication then rate limiting: `Authorization: Bearer <tenant admin API key>`.
 * Every attempt is counted per client address before the key is looked up; an address over
 * its bound of refused keys gets 429 without a lookup. Missing,
 * unknown, expired and revoked keys all get 401 with the same body (a revoked key is not
 * told apart from a wrong one). A known key over its per-minute budget gets 429 with
 * `Retry-After`. On success the tenant is fixed for the request (see `adminContextOf`).
 */
export function requireApiKey(deps: {
  db: Db;
  /** the primary's plain-SQL reads: the key lookup every request pays */
  sql: SqlReads;
  logger: Logger;
  clock: Clock;
  limiter: RateLimiter;
  failedAuth: FailedAuthThrottle;
}): RequestHandler {
  const recentlyValid = createRecentlyValidKeys();
  return async (request, response, next) => {
    const address = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    const match = BEARER.exec(request.get('authorization') ?? '');
    const presented = match?.[1];
    // Counted before the lookup (see createFailedAuthThrottle): an address guessing keys costs
    // no query once it is over its bound, however many guesses it sends at once. A key that
    // was valid a moment ago skips the count (a guess cannot name a key it does not know).
    const reservation = presented && recentlyValid.has(presented) ? null : await deps.failedAuth.reserve(address);
    if (reservation?.kind === 'blocked') {
      response
        .status(429)
        .set('Retry-After', String(reservation.retryAfterSeconds))
        .json(errorBody('rate_limited', `too many refused API keys from this address; retry in ${reservation.retryAfterSeconds} s`));
      return;
    }
    const key = presented ? await findActiveApiKey(deps.sql, presented, deps.clock.now()) : null;
    if (!key) {
      if (presented && recentlyValid.forget(presented)) await deps.failedAuth.reserve(address);
      deps.logger.info({ requestId: request.id, presented: Boolean(match) }, 'admin request refused: missing or invalid API key');
      response
        .status(401)
        .set('WWW-Authenticate', 'Bearer')
        .json(errorBody('unauthorized', 'missing, invalid or revoked API key: send Authorization: Bearer <admin API key>'));
      return;
    }
    await reservation?.giveBack();
    recentlyValid.remember(presented!);
    const decision = deps.limiter.hit(key.id);
    if (!decision.allowed) {
      response
        .status(429)
        .set('Retry-After', String(decision.retryAfterSeconds))
        .json(errorBody('rate_limited', `too many requests for this API key; retry in ${decision.retryAfterSeconds} s`));
      return;
    }
    await touchApiKey(deps.db, key, deps.clock.now());
    setAdminContext(response, {
      tenantId: key.tenantId,
      apiKeyId: key.id,
      actor: { kind: 'api_key', apiKeyId: key.id },
      timezone: key.timezone,
    });
    next();
  };
}

const RECENT_KEYS_LIMIT = 1000;
const RECENT_KEY_MS = 60_000;

/** Hashes of keys found valid in the last minute (this process): their requests skip the attempt count, never the lookup. */
function createRecentlyValidKeys() {
  const seen = new Map<string, number>();
  return {
    has(key: string): boolean {
      const at = seen.get(hashApiKey(key));
      return at !== undefined && Date.now() - at < RECENT_KEY_MS;
    },
    remember(key: string): void {
      if (seen.size >= RECENT_KEYS_LIMIT) seen.clear();
      seen.set(hashApiKey(key), Date.now());
    },
    /** True when the key was remembered (it was valid and is not any more). */
    forget(key: string): boolean {
      return seen.delete(hashApiKey(key));
    },
  };
}
