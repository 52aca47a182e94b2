import { Router } from 'express';
import { findStaffSession } from '../auth/index.js';
import type { Db } from '../db/index.js';
import type { Clock } from '../shared/index.js';
import type { ConsoleEventHub } from './console-event-hub.js';
import { consoleStaffOf, requireConsoleSession, sessionTokenOf } from './console-session.js';

const HEARTBEAT_MS = 15_000;

/**
 * `GET /console/api/events`: server-sent events for the signed-in tenant (`handoffs` when the
 * open queue changes, `message` for each new message, `appointments` when appointments change). The browser's EventSource reconnects
 * by itself (`retry: 2000`); the page refetches what it shows on each event and on reconnect.
 * The session is re-checked at every heartbeat, so a revoked session stops its stream.
 */
export function createEventsRoute(deps: { db: Db; clock: Clock; hub: ConsoleEventHub; publicUrl: string | undefined }): Router {
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
    const heartbeat = setInterval(async () => {
      const still = await findStaffSession(deps.db, token, deps.clock.now()).catch(() => null);
      if (!still) {
        response.end();
        return;
      }
      response.write(': heartbeat\n\n');
    }, HEARTBEAT_MS);
    const forgetShutdown = deps.hub.onShutdown(() => response.end());
    const close = () => {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      forgetShutdown();
      unsubscribe?.();
    };
    request.on('close', close);
    response.on('close', close);
    const stop = await deps.hub.subscribe(principal.tenantId, (event) => {
      if (!closed) response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    });
    if (closed) stop();
    else unsubscribe = stop;
  });
  return router;
}
