import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '../shared/index.js';
import { loggablePath } from './loggable-path.js';

declare module 'node:http' {
  interface IncomingMessage {
    /** this request's id (its `x-request-id` when well-formed, else a new UUID), also sent back in `x-request-id` */
    id: string;
  }
}

const REQUEST_ID = /^[\w-]{1,64}$/;

/**
 * Request ids and one access-log line per request (`request completed`, `request errored` for a
 * 5xx, `request aborted` when the client left first) with only method, path (loggablePath:
 * no query string, no feed token), status and time: the fields pino-http logged here, without
 * the child logger pino-http builds for every request, which cost the webhook intake 20 µs
 * per request with logging off and about 100 µs at `info`. Nothing is built when `info` is off.
 * `skip` requests (the health checks) get an id but no line. Plain node requests and responses
 * are enough: it also runs in front of express, for the plain routes (createHttpApp).
 */
export function createAccessLog(
  logger: Logger,
  skip: (path: string) => boolean,
): (request: IncomingMessage, response: ServerResponse, next: () => void) => void {
  return (request, response, next) => {
    const incoming = request.headers['x-request-id'];
    request.id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    response.setHeader('x-request-id', request.id);
    if (logger.isLevelEnabled('info') && !skip(request.url ?? '')) {
      const started = performance.now();
      const done = () => {
        response.off('finish', done);
        response.off('close', done);
        const line = {
          req: {
            id: request.id,
            method: request.method,
            path: loggablePath(String((request as { originalUrl?: string }).originalUrl ?? request.url)),
          },
          res: { statusCode: response.statusCode },
          responseTime: Math.round(performance.now() - started),
        };
        if (!response.writableFinished) logger.info(line, 'request aborted');
        else if (response.statusCode >= 500) logger.info(line, 'request errored');
        else logger.info(line, 'request completed');
      };
      response.on('finish', done);
      response.on('close', done);
    }
    next();
  };
}
