import type { IncomingMessage, ServerResponse } from 'node:http';
import { discardRestThenClose, errorBody, readBoundedBody, sendPlainJson } from '../http/index.js';
import type { IntakeDeps } from './intake-deps.js';
import { intakeWebhook } from './intake-webhook.js';
import { hasSignatureShape, isValidSignature } from './verify-signature.js';

const OK_BODY = 'OK';
const OK_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(OK_BODY)) };

/** Answers `POST /webhooks/whatsapp`; rejects only when the message could not be stored (the caller answers 500). */
export type WebhookPost = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

/**
 * The webhook's POST on node's own request and response, so that it can be served in front of
 * express (createHttpApp's `plainRoutes`: the hot path of the intake, docs/performance.md) as
 * well as from the router. In order: a missing or malformed signature header is 401 before the
 * body is read (the connection closed rather than drained); a declared length over the limit
 * is 413 before a byte is read; the body is read as raw bytes up to the limit (a chunked body
 * that goes over it is 413 at once, not drained); the signature over those bytes (wrong: 401,
 * nothing stored); JSON parse (malformed: 400); store and enqueue; then 200. Nothing is
 * answered 200 before it is stored.
 */
export function createWebhookPost(deps: IntakeDeps, limits: { appSecret: string; maxBytes: number }): WebhookPost {
  const refuseSignature = (request: IncomingMessage, response: ServerResponse) => {
    deps.logger.warn({ requestId: request.id }, 'whatsapp webhook with a missing or wrong signature refused');
    sendPlainJson(response, 401, errorBody('invalid_signature', 'missing or invalid X-Hub-Signature-256'));
  };
  return async (request, response) => {
    const signature = headerOf(request, 'x-hub-signature-256');
    if (!hasSignatureShape(signature)) {
      response.setHeader('connection', 'close');
      refuseSignature(request, response);
      return;
    }
    // the signature cannot be checked without the bytes
    if (Number(request.headers['content-length']) > limits.maxBytes) {
      response.setHeader('connection', 'close');
      sendPlainJson(response, 413, errorBody('payload_too_large', 'request body too large'));
      return;
    }
    const body = await readBoundedBody(request, limits.maxBytes);
    if (body.kind === 'aborted') return;
    if (body.kind === 'too_large') {
      // No `Connection: close` here: Node would close the socket as soon as the 413 is
      // flushed, with the client's bytes still unread, and the reset could lose the 413.
      sendPlainJson(response, 413, errorBody('payload_too_large', 'request body too large'));
      discardRestThenClose(request, response, { maxBytes: 16 * limits.maxBytes, maxMs: 2000 });
      return;
    }
    if (!isValidSignature(body.bytes, signature, limits.appSecret)) {
      refuseSignature(request, response);
      return;
    }
    let parsed: unknown;
    try {
      parsed = parseWebhookJson(body.bytes);
    } catch {
      sendPlainJson(response, 400, errorBody('invalid_json', 'request body is not valid JSON'));
      return;
    }
    await intakeWebhook(deps, parsed);
    // What express's sendStatus(200) sends, without its ETag hash, freshness check and type
    // lookup: Meta reads only the status (docs/performance.md).
    response.writeHead(200, OK_HEADERS).end(OK_BODY);
  };
}

/** A header as express's `request.get` gives it: repeated ones (an array) joined as node joins unknown headers. */
function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * JSON.parse, with every NUL (`\u0000`) and every lone surrogate (`\uD83D` without its pair),
 * both legal JSON escapes, replaced by U+FFFD: PostgreSQL text cannot hold NUL and jsonb
 * refuses a lone surrogate, so storing them would fail the webhook with a 500 on every
 * redelivery and the message would never be answered. Both can only arrive as `\u` escapes,
 * so a body without one keeps the plain, faster parse.
 */
function parseWebhookJson(rawBody: Buffer): unknown {
  const text = rawBody.toString('utf8');
  if (!rawBody.includes('\\u')) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown) =>
    typeof value === 'string' ? value.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD') : value,
  );
}
