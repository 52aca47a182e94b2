import express, { type Router } from 'express';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { discardRestThenClose, errorBody, readBoundedBody } from '../http/index.js';
import type { Logger } from '../shared/index.js';
import { createDeadLetterSink } from './dead-letters.js';
import { createDevSecretGuard } from './dev-secret-guard.js';
import { createIntakeBatcher } from './intake-batcher.js';
import { intakeWebhook } from './intake-webhook.js';
import type { SqlRunner } from './store-inbound-batch.js';
import { createTenantResolver } from './tenant-resolver.js';
import { hasSignatureShape, isValidSignature } from './verify-signature.js';

const WEBHOOK_PATH = '/webhooks/whatsapp';
const OK_BODY = 'OK';
const OK_HEADERS = { 'content-type': 'text/plain; charset=utf-8', 'content-length': String(Buffer.byteLength(OK_BODY)) };

export interface WhatsAppWebhookDeps {
  config: Pick<
    Config,
    | 'WHATSAPP_VERIFY_TOKEN'
    | 'WHATSAPP_APP_SECRET'
    | 'WHATSAPP_WEBHOOK_MAX_BYTES'
    | 'DEBOUNCE_MS'
    | 'DEBOUNCE_MAX_WAIT_MS'
    | 'JOB_MAX_ATTEMPTS'
    | 'devSecrets'
    | 'isDevelopment'
  >;
  db: Db;
  logger: Logger;
  /** the intake's own node-postgres pool (db's createIntakePool), created and ended by whoever mounts the router */
  intakePool: SqlRunner;
}

/**
 * Meta's webhook endpoint. GET: the verification handshake (echoes `hub.challenge` for the
 * right verify token, else 403; the published development token only while no tenant has an
 * access token). POST: a thin edge — a missing or malformed signature header is 401 before the
 * body is read; then the body as raw bytes (over the size limit: 413, without reading the
 * rest), the signature over
 * those bytes (wrong: 401, nothing stored), JSON parse
 * (malformed: 400), store and enqueue, then 200. Nothing is answered before it is stored.
 */
export function createWhatsAppWebhookRouter(deps: WhatsAppWebhookDeps): Router {
  const { config, logger } = deps;
  const devSecretGuard = createDevSecretGuard(deps.db, config);
  const schedule = { debounceMs: config.DEBOUNCE_MS, maxWaitMs: config.DEBOUNCE_MAX_WAIT_MS, maxAttempts: config.JOB_MAX_ATTEMPTS };
  const intakeDeps = {
    refusesTenant: devSecretGuard.refusesTenant,
    db: deps.db,
    logger: logger.child({ component: 'whatsapp-webhook' }),
    resolveTenant: createTenantResolver(deps.db),
    deadLetter: createDeadLetterSink(deps.db),
    schedule,
    storeInbound: createIntakeBatcher(deps.db, deps.intakePool, schedule, logger),
  };
  const router = express.Router();

  router.get(WEBHOOK_PATH, async (request, response) => {
    const mode = request.query['hub.mode'];
    const token = request.query['hub.verify_token'];
    const challenge = request.query['hub.challenge'];
    if (
      mode === 'subscribe' &&
      token === config.WHATSAPP_VERIFY_TOKEN &&
      typeof challenge === 'string' &&
      !(await devSecretGuard.refusesVerifyToken())
    ) {
      response.type('text/plain').send(challenge);
      return;
    }
    response.status(403).json(errorBody('verification_failed', 'wrong hub.mode or hub.verify_token'));
  });

  const refuseTooLarge = (response: express.Response) => {
    response.set('connection', 'close');
    response.status(413).json(errorBody('payload_too_large', 'request body too large'));
  };
  const refuseSignature = (request: express.Request, response: express.Response) => {
    intakeDeps.logger.warn({ requestId: request.id }, 'whatsapp webhook with a missing or wrong signature refused');
    response.status(401).json(errorBody('invalid_signature', 'missing or invalid X-Hub-Signature-256'));
  };
  router.post(
    WEBHOOK_PATH,
    // A missing or malformed signature header is refused before a byte of the body is read;
    // the connection is closed rather than drained.
    (request, response, next) => {
      if (hasSignatureShape(request.get('x-hub-signature-256'))) return next();
      response.set('connection', 'close');
      refuseSignature(request, response);
    },
    // A declared length over the limit is refused before a byte is read: the signature cannot
    // be checked without the bytes.
    (request, response, next) => {
      const declared = Number(request.get('content-length'));
      if (!(declared > config.WHATSAPP_WEBHOOK_MAX_BYTES)) return next();
      refuseTooLarge(response);
    },
    // Every content type as raw bytes (the signature is over exactly what was sent), read only
    // up to the limit: a chunked body that goes over it is answered 413 at once, not drained.
    async (request, response, next) => {
      const body = await readBoundedBody(request, config.WHATSAPP_WEBHOOK_MAX_BYTES);
      if (body.kind === 'aborted') return;
      if (body.kind === 'too_large') {
        // No `Connection: close` here: Node would close the socket as soon as the 413 is
        // flushed, with the client's bytes still unread, and the reset could lose the 413.
        response.status(413).json(errorBody('payload_too_large', 'request body too large'));
        discardRestThenClose(request, { maxBytes: 4 * config.WHATSAPP_WEBHOOK_MAX_BYTES, maxMs: 2000 });
        return;
      }
      request.body = body.bytes;
      next();
    },
    async (request, response) => {
      const rawBody: Buffer = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!isValidSignature(rawBody, request.get('x-hub-signature-256'), config.WHATSAPP_APP_SECRET)) {
        refuseSignature(request, response);
        return;
      }
      let body: unknown;
      try {
        body = parseWebhookJson(rawBody);
      } catch {
        response.status(400).json(errorBody('invalid_json', 'request body is not valid JSON'));
        return;
      }
      await intakeWebhook(intakeDeps, body);
      // What sendStatus(200) sends, without its ETag hash, freshness check and type lookup:
      // Meta reads only the status (docs/performance.md).
      response.writeHead(200, OK_HEADERS).end(OK_BODY);
    },
  );
  return router;
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
