import express, { Router } from 'express';
import helmet from 'helmet';
import { type Db, primaryReads } from '../db/index.js';
import { createStaffReads, type StaffReads } from '../http/index.js';
import type { Clock, Logger } from '../shared/index.js';
import { createConsoleApiRoutes } from './console-api-routes.js';
import { ConsoleEventHub } from './console-event-hub.js';
import { createEventsRoute } from './events-route.js';
import { createPageRoutes } from './page-routes.js';
import { createSessionRoutes } from './session-routes.js';

export interface ConsoleRouterDeps {
  db: Db;
  logger: Logger;
  clock: Clock;
  config: { PUBLIC_URL?: string | undefined };
  /** how often each tenant's open consoles look for changes (ms); tests shorten it */
  eventPollMs?: number;
  /** how often an open event stream re-checks its session (ms) */
  sessionCheckMs?: number;
  /** where the named reads (the owner's figures, the day's blocks) run; without it, on `db` */
  reads?: StaffReads | undefined;
}

export interface ConsoleRouter extends Router {
  /** Ends the open event streams (at shutdown, so the server can close). */
  closeStreams(): void;
}

/**
 * `GET /console`: the staff web console (its page, assets and own API under `/console/api`).
 * Its Content-Security-Policy allows only this service's own scripts, styles and
 * connections: no inline script, no outside host.
 */
export function createConsoleRouter(deps: ConsoleRouterDeps): ConsoleRouter {
  const publicUrl = deps.config.PUBLIC_URL;
  const hub = new ConsoleEventHub(deps.db, deps.logger, deps.eventPollMs ?? 1000);
  const secure = Boolean(publicUrl?.startsWith('https:'));
  const consoleRouter = Router();
  consoleRouter.use(
    helmet.contentSecurityPolicy({
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secure ? { upgradeInsecureRequests: [] } : {}),
      },
    }),
  );
  const api = Router();
  api.use(express.json({ limit: '16kb' }));
  const reads = deps.reads ?? createStaffReads(primaryReads(deps.db), { publicUrl });
  api.use(reads.markWrites);
  api.use(createSessionRoutes({ db: deps.db, logger: deps.logger, clock: deps.clock, publicUrl }));
  api.use(createEventsRoute({ db: deps.db, clock: deps.clock, hub, publicUrl, sessionCheckMs: deps.sessionCheckMs }));
  api.use(createConsoleApiRoutes({ db: deps.db, clock: deps.clock, publicUrl, reads }));
  api.use((_request, response) => {
    response.status(404).json({ error: { code: 'not_found', message: 'route not found' } });
  });
  consoleRouter.use('/api', api);
  consoleRouter.use(createPageRoutes({ db: deps.db, clock: deps.clock, publicUrl }));
  const router = Router() as ConsoleRouter;
  router.use('/console', consoleRouter);
  router.closeStreams = () => hub.stopAll();
  return router;
}
