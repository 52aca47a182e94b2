import type { Request, RequestHandler, Response } from 'express';
import {
  allowedOrigins,
  findStaffSession,
  isCsrfTokenValid,
  isSameOrigin,
  isSecureContext,
  readSessionToken,
  type StaffPrincipal,
} from '../auth/index.js';
import type { Db } from '../db/index.js';
import { errorBody } from '../http/index.js';
import type { Clock } from '../shared/index.js';

const KEY = 'consoleStaff';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface ConsoleSessionDeps {
  db: Db;
  clock: Clock;
  publicUrl: string | undefined;
}

/** Whether cookies must be Secure: the request came over https (directly or through the proxy), or PUBLIC_URL is https. */
export function isSecureRequest(request: Request, publicUrl: string | undefined): boolean {
  return isSecureContext(request.secure, publicUrl);
}

/** The request's session token, by the cookie name its scheme allows (see readSessionToken). */
export function sessionTokenOf(request: Request, publicUrl: string | undefined): string | null {
  return readSessionToken(request.headers.cookie, isSecureRequest(request, publicUrl));
}

const consoleOrigins = (request: Request, publicUrl: string | undefined) =>
  allowedOrigins(request.protocol, request.get('host'), publicUrl);

/** Refuses a cross-site state change: a same-origin Origin header is required (also for sign-in, against login CSRF). */
export function requireSameOrigin(deps: ConsoleSessionDeps): RequestHandler {
  return (request, response, next) => {
    if (SAFE_METHODS.has(request.method) || isSameOrigin(request.get('origin'), consoleOrigins(request, deps.publicUrl))) {
      next();
      return;
    }
    response.status(403).json(errorBody('csrf_failed', 'cross-origin request refused'));
  };
}

/**
 * The console's own API (`/console/api/*` past sign-in): a live session cookie, and for
 * state changes its CSRF token in `X-CSRF-Token`. `allowPasswordChange` lets a session that
 * still has the initial password through (only the password route uses it).
 */
export function requireConsoleSession(deps: ConsoleSessionDeps, options: { allowInitialPassword?: boolean } = {}): RequestHandler {
  return async (request, response, next) => {
    const token = sessionTokenOf(request, deps.publicUrl);
    const principal = token ? await findStaffSession(deps.db, token, deps.clock.now()) : null;
    if (!token || !principal) {
      response.status(401).json(errorBody('unauthorized', 'sessão encerrada: entre novamente'));
      return;
    }
    if (principal.mustChangePassword && !options.allowInitialPassword) {
      response.status(403).json(errorBody('password_change_required', 'troque a senha inicial antes de continuar'));
      return;
    }
    if (!SAFE_METHODS.has(request.method) && !isCsrfTokenValid(token, request.get('x-csrf-token'))) {
      response.status(403).json(errorBody('csrf_failed', 'missing or wrong CSRF token'));
      return;
    }
    response.locals[KEY] = principal;
    next();
  };
}

/** The signed-in person of a request that passed `requireConsoleSession`. */
export function consoleStaffOf(response: Response): StaffPrincipal {
  const principal = response.locals[KEY] as StaffPrincipal | undefined;
  if (!principal) throw new Error('console route reached without a session');
  return principal;
}
