import type { IncomingMessage, ServerResponse } from 'node:http';
import express, { type Router } from 'express';
import helmet from 'helmet';
import type { Db } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import { createAccessLog } from './access-log.js';
import { createErrorHandler, notFoundHandler } from './error-handler.js';
import { createHealthRoutes } from './health-routes.js';
import { type PlainRoute, plainRouteFor, servePlainRoute } from './plain-routes.js';

type ExpressHandle = (request: IncomingMessage, response: ServerResponse, callback?: (error?: unknown) => void) => void;

export interface HttpAppOptions {
  db: Db;
  logger: Logger;
  /** Routers mounted after health checks, e.g. the admin API and the console. */
  routers: Router[];
  /**
   * Machine-facing routers mounted first, right after the access log: the WhatsApp webhook,
   * whose answers no browser reads, skips helmet's dozen headers and every other router's
   * matching (its hot path: docs/performance.md). A request they do not match goes on as usual.
   */
  webhookRouters?: Router[];
  /**
   * Routes served before express, on node's request and response (the WhatsApp webhook's
   * POST): only the access log and request id run first, and a rejection is answered as the
   * error handler answers it. Express's own dispatch (the request and response prototypes,
   * the layers of every router in front) cost the intake ≈ 25 µs per request
   * (docs/performance.md, issue 32's fifth round).
   */
  plainRoutes?: PlainRoute[];
  /**
   * How many reverse proxies in front of the service append to `X-Forwarded-For` (TRUST_PROXY).
   * 0 (the default): the header is ignored and the client address is the socket's, so a client
   * cannot pick its own address to dodge a throttle or to have it written into sessions.
   */
  trustProxy?: number;
}

/**
 * The Express app: request ids and access logs (createAccessLog), the plain routes (served before
 * express itself), the webhook routers, helmet,
 * health checks, the given routers, then the JSON 404 and the one error handler. Body parsing is left to each
 * router (the webhook needs the raw bytes to check the signature; each sets its own limit).
 */
export function createHttpApp(options: HttpAppOptions): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // No ETag on `send` bodies: the API's answers are live data nobody revalidates, and hashing each
  // body cost the agenda's 400-item day a SHA-1 of 100 kB per request. Static assets keep theirs.
  app.set('etag', false);
  // Express counts hops from the socket: `n` trusts the n closest proxies' entries, 0 none at all.
  app.set('trust proxy', options.trustProxy && options.trustProxy > 0 ? options.trustProxy : false);
  const accessLog = createAccessLog(options.logger, (url) => url === '/healthz' || url === '/readyz');
  app.use(accessLog);
  for (const router of options.webhookRouters ?? []) app.use(router);
  app.use(helmet());
  app.use(createHealthRoutes(options.db));
  for (const router of options.routers) app.use(router);
  app.use(notFoundHandler);
  app.use(createErrorHandler(options.logger));
  const plainRoutes = options.plainRoutes ?? [];
  if (plainRoutes.length > 0) {
    // Every way into the app (a server's request event, supertest, app.listen) calls
    // app.handle; a sub-app mounted in another app is called with a callback and stays express's.
    const expressApp = app as unknown as { handle: ExpressHandle };
    const expressHandle = expressApp.handle;
    expressApp.handle = function handle(this: unknown, request, response, callback) {
      const route = callback ? undefined : plainRouteFor(plainRoutes, request);
      if (!route) return expressHandle.call(this, request, response, callback);
      accessLog(request, response, () => servePlainRoute(route, request, response, options.logger));
    };
  }
  return app;
}
