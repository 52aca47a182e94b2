import { Router } from 'express';
import { z } from 'zod';
import {
  changeStaffPassword,
  csrfTokenFor,
  DEVICE_COOKIE_MAX_AGE_MS,
  deviceCookieName,
  findStaffSession,
  readDeviceCookie,
  revokeStaffSession,
  SESSION_IDLE_MS,
  sessionCookieName,
  sessionCookieOptions,
  signInStaff,
} from '../auth/index.js';
import type { Sent, Session } from '../contract/index.js';
import type { Db } from '../db/index.js';
import { errorBody } from '../http/index.js';
import type { Clock, Logger } from '../shared/index.js';
import { consoleStaffOf, isSecureRequest, requireConsoleSession, requireSameOrigin, sessionTokenOf } from './console-session.js';

// A NUL or other control character fits no e-mail (and PostgreSQL text refuses NUL): 400, not a 500.
const hasControlCharacter = (text: string): boolean => [...text].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);

const signInSchema = z.object({
  email: z
    .string()
    .max(200)
    .refine((email) => !hasControlCharacter(email), 'e-mail com caractere de controle'),
  password: z.string().max(200),
});
const passwordSchema = z.object({ current: z.string().max(200), next: z.string().max(200) });

/**
 * Sign-in, the current session (with its CSRF token), sign-out and password change, under
 * `/console/api`. Answers are JSON; messages meant for the person are pt-BR.
 */
export function createSessionRoutes(deps: { db: Db; logger: Logger; clock: Clock; publicUrl: string | undefined }): Router {
  const router = Router();
  const sessionDeps = { db: deps.db, clock: deps.clock, publicUrl: deps.publicUrl };

  router.post('/session', requireSameOrigin(sessionDeps), async (request, response) => {
    const body = signInSchema.safeParse(request.body);
    if (!body.success) {
      response.status(400).json(errorBody('invalid_request', 'informe e-mail e senha'));
      return;
    }
    const secure = isSecureRequest(request, deps.publicUrl);
    const outcome = await signInStaff(deps.db, {
      deviceCookie: readDeviceCookie(request.headers.cookie, secure),
      email: body.data.email,
      password: body.data.password,
      address: request.ip ?? 'unknown',
      userAgent: request.get('user-agent') ?? null,
      now: deps.clock.now(),
    });
    switch (outcome.kind) {
      case 'throttled':
        deps.logger.warn({ requestId: request.id }, 'console sign-in throttled');
        response
          .status(429)
          .set('Retry-After', String(outcome.retryAfterSeconds))
          .json(errorBody('sign_in_throttled', `Muitas tentativas erradas. Tente de novo em ${waitText(outcome.retryAfterSeconds)}.`));
        return;
      case 'refused':
        deps.logger.info({ requestId: request.id }, 'console sign-in refused');
        response.status(401).json(errorBody('invalid_credentials', 'E-mail ou senha incorretos.'));
        return;
      case 'signed_in': {
        response.cookie(sessionCookieName(secure), outcome.token, sessionCookieOptions(secure, SESSION_IDLE_MS));
        response.cookie(deviceCookieName(secure), outcome.deviceCookie, sessionCookieOptions(secure, DEVICE_COOKIE_MAX_AGE_MS));
        response.json({ mustChangePassword: outcome.mustChangePassword, csrfToken: csrfTokenFor(outcome.token) });
        return;
      }
    }
  });

  router.get('/session', async (request, response) => {
    const token = sessionTokenOf(request, deps.publicUrl);
    const principal = token ? await findStaffSession(deps.db, token, deps.clock.now()) : null;
    if (!token || !principal) {
      response.status(401).json(errorBody('unauthorized', 'sem sessão'));
      return;
    }
    const tenant = await deps.db.tenant.findUnique({ where: { id: principal.tenantId }, select: { name: true, timezone: true } });
    const body: Sent<Session> = {
      staff: {
        id: principal.staffId,
        name: principal.name,
        email: principal.email,
        role: principal.role,
        mustChangePassword: principal.mustChangePassword,
      },
      tenant: { name: tenant?.name ?? '', timezone: principal.timezone },
      csrfToken: csrfTokenFor(token),
    };
    response.set('Cache-Control', 'no-store').json(body);
  });

  router.delete(
    '/session',
    requireSameOrigin(sessionDeps),
    requireConsoleSession(sessionDeps, { allowInitialPassword: true }),
    async (request, response) => {
      const principal = consoleStaffOf(response);
      await revokeStaffSession(deps.db, principal.sessionId, deps.clock.now());
      const secure = isSecureRequest(request, deps.publicUrl);
      response.clearCookie(sessionCookieName(secure), sessionCookieOptions(secure));
      response.status(204).end();
    },
  );

  router.post(
    '/password',
    requireSameOrigin(sessionDeps),
    requireConsoleSession(sessionDeps, { allowInitialPassword: true }),
    async (request, response) => {
      const principal = consoleStaffOf(response);
      const body = passwordSchema.safeParse(request.body);
      if (!body.success) {
        response.status(400).json(errorBody('invalid_request', 'informe a senha atual e a nova'));
        return;
      }
      const outcome = await changeStaffPassword(deps.db, {
        staffId: principal.staffId,
        sessionId: principal.sessionId,
        current: body.data.current,
        next: body.data.next,
        now: deps.clock.now(),
        address: request.ip ?? 'unknown',
        userAgent: request.get('user-agent') ?? null,
      });
      switch (outcome.kind) {
        case 'throttled':
          response
            .status(429)
            .set('Retry-After', String(outcome.retryAfterSeconds))
            .json(errorBody('sign_in_throttled', `Muitas tentativas erradas. Tente de novo em ${waitText(outcome.retryAfterSeconds)}.`));
          return;
        case 'wrong_current':
          response.status(422).json(errorBody('wrong_password', 'A senha atual está incorreta.'));
          return;
        case 'weak':
          response.status(422).json(errorBody('weak_password', outcome.message));
          return;
        case 'changed': {
          // A new session for the caller: the old token (and every other session) no longer opens anything.
          const secure = isSecureRequest(request, deps.publicUrl);
          response.cookie(sessionCookieName(secure), outcome.token, sessionCookieOptions(secure, SESSION_IDLE_MS));
          deps.logger.info({ staffId: principal.staffId }, 'console password changed; every session ended, a new one opened');
          response.json({ csrfToken: csrfTokenFor(outcome.token) });
          return;
        }
      }
    },
  );

  return router;
}

/** "30 segundos", "1 minuto", "15 minutos": how long a throttled sign-in waits, for the person. */
function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} segundo${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minuto${minutes === 1 ? '' : 's'}`;
}
