import type { RequestHandler } from 'express';
import type { Db } from '../db/index.js';
import { errorBody } from '../http/index.js';
import type { Clock, Logger } from '../shared/index.js';
import { setAdminContext } from './admin-context.js';
import type { FailedAuthThrottle } from './failed-auth-throttle.js';
import { findActiveApiKey, touchApiKey } from './find-api-key.js';
import type { RateLimiter } from './sliding-window-rate-limiter.js';

const BEARER = /^Bearer\s+(\S{1,200})\s*$/i;

/**
 * Admin authentication then rate limiting: `Authorization: Bearer <tenant admin API key>`.
 * An address that presented too many refused keys gets 429 before any lookup. Missing,
 * unknown, expired and revoked keys all get 401 with the same body (a revoked key is not
 * told apart from a wrong one). A known key over its per-minute budget gets 429 with
 * `Retry-After`. On success the tenant is fixed for the request (see `adminContextOf`).
 */
export function requireApiKey(deps: {
  db: Db;
  logger: Logger;
  clock: Clock;
  limiter: RateLimiter;
  failedAuth: FailedAuthThrottle;
}): RequestHandler {
  return async (request, response, next) => {
    // Before the lookup: an address guessing keys costs no query once it is over its bound.
    const address = request.ip ?? request.socket.remoteAddress ?? 'unknown';
    const blockedFor = deps.failedAuth.blockedFor(address);
    if (blockedFor !== null) {
      response
        .status(429)
        .set('Retry-After', String(blockedFor))
        .json(errorBody('rate_limited', `too many refused API keys from this address; retry in ${blockedFor} s`));
      return;
    }
    const match = BEARER.exec(request.get('authorization') ?? '');
    const key = match?.[1] ? await findActiveApiKey(deps.db, match[1], deps.clock.now()) : null;
    if (!key) {
      deps.failedAuth.recordFailure(address);
      deps.logger.info({ requestId: request.id, presented: Boolean(match) }, 'admin request refused: missing or invalid API key');
      response
        .status(401)
        .set('WWW-Authenticate', 'Bearer')
        .json(errorBody('unauthorized', 'missing, invalid or revoked API key: send Authorization: Bearer <admin API key>'));
      return;
    }
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
