import type { ErrorRequestHandler, RequestHandler } from 'express';
import { isAppError, type Logger } from '../shared/index.js';

/** Body of every error answer: `{"error": {"code", "message"}}`, never HTML or a stack. */
export function errorBody(code: string, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

export const notFoundHandler: RequestHandler = (_request, response) => {
  response.status(404).json(errorBody('not_found', 'route not found'));
};

/**
 * The one Express error handler. AppErrors answer with their code and status; body-parser
 * failures with 400/413; anything else is logged with its stack and answered as a bare 500.
 */
export function createErrorHandler(logger: Logger): ErrorRequestHandler {
  return (error, request, response, _next) => {
    if (response.headersSent) return;
    if (isAppError(error)) {
      if (error.httpStatus >= 500) logger.error({ err: error, requestId: request.id }, error.message);
      response.status(error.httpStatus).json(errorBody(error.code, error.message, error.details));
      return;
    }
    const status = typeof error?.status === 'number' ? error.status : typeof error?.statusCode === 'number' ? error.statusCode : 500;
    if (status === 413) {
      response.status(413).json(errorBody('payload_too_large', 'request body too large'));
      return;
    }
    if (status === 400 && error?.type === 'entity.parse.failed') {
      response.status(400).json(errorBody('invalid_json', 'request body is not valid JSON'));
      return;
    }
    if (status >= 400 && status < 500) {
      response.status(status).json(errorBody('bad_request', 'bad request'));
      return;
    }
    logger.error({ err: error, requestId: request.id }, 'unhandled error in request');
    response.status(500).json(errorBody('internal_error', 'internal error'));
  };
}
