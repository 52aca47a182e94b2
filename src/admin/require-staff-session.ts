import type { RequestHandler } from 'express';
import { allowedOrigins, findStaffSession, isCsrfTokenValid, isSameOrigin, isSecureContext, readSessionToken } from '../auth/index.js';
import type { Db } from '../db/index.js';
import { errorBody } from '../http/index.js';
import type { Clock, Logger } from '../shared/index.js';
import { setAdminContext } from './admin-context.js';
import type { RateLimiter } from './sliding-window-rate-limiter.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Admin authentication with a console session cookie (no Authorization header): the session
 * must be live and its initial password already changed; state changes also need the
 * session's CSRF token in `X-CSRF-Token` and a same-origin `Origin`. The tenant is the
 * account's own, so the same tenant filter as for API keys applies to everything after.
 */
export function requireStaffSession(deps: {
  db: Db;
  logger: Logger;
  clock: Clock;
  limiter: RateLimiter;
  publicUrl: string | undefined;
}): RequestHandler {
  return async (request, response, next) => {
    const token = readSessionToken(request.headers.cookie, isSecureContext(request.secure, deps.publicUrl));
    const principal = token ? await findStaffSession(deps.db, token, deps.clock.now()) : null;
    if (!token || !principal) {
      response
        .status(401)
        .set('WWW-Authenticate', 'Bearer')
        .json(errorBody('unauthorized', 'missing, invalid or revoked credentials: send Authorization: Bearer <admin API key>'));
      return;
    }
    if (principal.mustChangePassword) {
      response.status(403).json(errorBody('password_change_required', 'change the initial password before using the console'));
      return;
    }
    if (!SAFE_METHODS.has(request.method)) {
      const sameOrigin = isSameOrigin(request.get('origin'), allowedOrigins(request.protocol, request.get('host'), deps.publicUrl));
      if (!sameOrigin || !isCsrfTokenValid(token, request.get('x-csrf-token'))) {
        deps.logger.warn({ requestId: request.id, staffId: principal.staffId, sameOrigin }, 'console request refused: CSRF check failed');
        response.status(403).json(errorBody('csrf_failed', 'missing or wrong CSRF token or origin'));
        return;
      }
    }
    const decision = deps.limiter.hit(`staff:${principal.staffId}`);
    if (!decision.allowed) {
      response
        .status(429)
        .set('Retry-After', String(decision.retryAfterSeconds))
        .json(errorBody('rate_limited', `too many requests; retry in ${decision.retryAfterSeconds} s`));
      return;
    }
    setAdminContext(response, {
      tenantId: principal.tenantId,
      apiKeyId: null,
      actor: { kind: 'staff', staffId: principal.staffId, sessionId: principal.sessionId, name: principal.name, role: principal.role },
      timezone: principal.timezone,
    });
    next();
  };
}
