import type { IncomingMessage, ServerResponse } from 'node:http';
import { isAppError, type Logger } from '../shared/index.js';
import { errorBody } from './error-handler.js';

/**
 * A route served on node's own request and response, in front of express (createHttpApp): for
 * a machine-facing hot path that needs none of express's request and response helpers, only
 * its access log, request id and error answer, which servePlainRoute gives it.
 */
export interface PlainRoute {
  method: string;
  /** matched exactly, the query string left out; any other spelling goes on to express */
  path: string;
  /** answers the request; a rejection is answered as the app's error handler answers it */
  handle(request: IncomingMessage, response: ServerResponse): Promise<void>;
}

/** The route for `request` (same method, same path), or undefined. */
export function plainRouteFor(routes: readonly PlainRoute[], request: IncomingMessage): PlainRoute | undefined {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  return routes.find((route) => route.method === request.method && route.path === path);
}

/** Runs `route` and, when it rejects, answers what the app's error handler (createErrorHandler) would. */
export function servePlainRoute(route: PlainRoute, request: IncomingMessage, response: ServerResponse, logger: Logger): void {
  route.handle(request, response).catch((error: unknown) => {
    if (response.headersSent) return;
    if (isAppError(error)) {
      if (error.httpStatus >= 500) logger.error({ err: error, requestId: request.id }, error.message);
      sendPlainJson(response, error.httpStatus, errorBody(error.code, error.message, error.details));
      return;
    }
    logger.error({ err: error, requestId: request.id }, 'unhandled error in request');
    sendPlainJson(response, 500, errorBody('internal_error', 'internal error'));
  });
}

/** What express's `response.status(status).json(body)` sends (the app sends no ETag). */
export function sendPlainJson(response: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  response
    .writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(Buffer.byteLength(json)) })
    .end(json);
}
