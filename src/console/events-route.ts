import { Router } from 'express';
import { findStaffSession } from '../auth/index.js';
import type { Db } from '../db/index.js';
import type { Clock } from '../shared/index.js';
import type { ConsoleEventHub } from './console-event-hub.js';
import { consoleStaffOf, requireConsoleSession, sessionTokenOf } from './console-session.js';

const HEARTBEAT_MS = 15_000;
/** How often an open stream re-checks its session: a disabled account's open console is signed out within this. */
const SESSION_CHECK_MS = 2_000;

/**
 * `GET /console/api/events`: server-sent events for the signed-in tenant (`handoffs` when the
 * open queue changes, `message` for each new message, `appointments` when appointments change). The browser's EventSource reconnects
 * by itself (`retry: 2000`); the page refetches what it shows on each event and on reconnect.
 * The session is re-checked every two seconds: once it is gone (signed out elsewhere, the
 * account disabled or its password reset) the stream sends `signed_out` and ends, and the
 * page goes back to the sign-in screen at once.
 */
export function createEventsRoute(deps: {
  db: Db;
  clock: Clock;
  hub: ConsoleEventHub;
  publicUrl: string | undefined;
  sessionCheckMs?: number | undefined;
}): Router {
  const router = Router();
  router.get('/events', requireConsoleSession(deps), async (request, response) => {
    const principal = consoleStaffOf(response);
    const token = sessionTokenOf(request, deps.publicUrl) ?? '';
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    response.write('retry: 2000\n: connected\n\n');
    let closed = false;
    let unsubscribe: (() => void) | undefined;
    let lastWrite = Date.now();
    const sessionCheck = setInterval(async () => {
      // A failed lookup (the database briefly away) is not a sign-out: the next check decides.
      const still = await findStaffSession(deps.db, token, deps.clock.now()).catch(() => undefined);
      if (closed) return;
      if (still === null) {
        response.end('event: signed_out\ndata: {"type":"signed_out"}\n\n');
        return;
      }
      if (Date.now() - lastWrite >= HEARTBEAT_MS) {
        lastWrite = Date.now();
        response.write(': heartbeat\n\n');
      }
    }, deps.sessionCheckMs ?? SESSION_CHECK_MS);
    const forgetShutdown = deps.hub.onShutdown(() => response.end());
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(sessionCheck);
      forgetShutdown();
      unsubscribe?.();
    };
    request.on('close', close);
    response.on('close', close);
    const stop = await deps.hub.subscribe(principal.tenantId, (event) => {
      if (closed) return;
      lastWrite = Date.now();
      response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    if (closed) stop();
    else unsubscribe = stop;
  });
  return router;
}
