import express, { type Router } from 'express';
import pg from 'pg';
import type { ServiceDeps } from '../boot/service-deps.js';
import { errorBody } from '../http/index.js';
import { createDeadLetterSink } from './dead-letters.js';
import { createIntakeBatcher } from './intake-batcher.js';
import { intakeWebhook } from './intake-webhook.js';
import { createTenantResolver } from './tenant-resolver.js';
import { isValidSignature } from './verify-signature.js';

export const WEBHOOK_PATH = '/webhooks/whatsapp';

/**
 * Meta's webhook endpoint. GET: the verification handshake (echoes `hub.challenge` for the
 * right verify token, else 403). POST: a thin edge — body as raw bytes (over the size limit:
 * 413), signature over those bytes (missing/malformed/wrong: 401, nothing stored), JSON parse
 * (malformed: 400), store and enqueue, then 200. Nothing is answered before it is stored.
 */
export function createWhatsAppWebhookRouter(deps: Pick<ServiceDeps, 'config' | 'db' | 'logger' | 'databaseUrl'>): Router {
  const { config, logger } = deps;
  // The intake's one statement per batch goes through a small node-postgres pool of its own:
  // through the ORM the same statement costs about twice the CPU, and intake is CPU-bound.
  const intakePool = new pg.Pool({ connectionString: deps.databaseUrl, max: 4, idleTimeoutMillis: 5000, allowExitOnIdle: true });
  intakePool.on('error', (error) => logger.warn({ err: error }, 'idle intake connection failed'));
  const intakeDeps = {
    db: deps.db,
    logger: logger.child({ component: 'whatsapp-webhook' }),
    resolveTenant: createTenantResolver(deps.db),
    deadLetter: createDeadLetterSink(deps.db),
    storeInbound: createIntakeBatcher(
      deps.db,
      intakePool,
      { debounceMs: config.DEBOUNCE_MS, maxWaitMs: config.DEBOUNCE_MAX_WAIT_MS, maxAttempts: config.JOB_MAX_ATTEMPTS },
      logger,
    ),
  };
  const router = express.Router();

  router.get(WEBHOOK_PATH, (request, response) => {
    const mode = request.query['hub.mode'];
    const token = request.query['hub.verify_token'];
    const challenge = request.query['hub.challenge'];
    if (mode === 'subscribe' && token === config.WHATSAPP_VERIFY_TOKEN && typeof challenge === 'string') {
      response.type('text/plain').send(challenge);
      return;
    }
    response.status(403).json(errorBody('verification_failed', 'wrong hub.mode or hub.verify_token'));
  });

  router.post(
    WEBHOOK_PATH,
    // Every content type as raw bytes: the signature is over exactly what was sent.
    express.raw({ type: () => true, limit: config.WHATSAPP_WEBHOOK_MAX_BYTES }),
    async (request, response) => {
      const rawBody: Buffer = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      if (!isValidSignature(rawBody, request.get('x-hub-signature-256'), config.WHATSAPP_APP_SECRET)) {
        intakeDeps.logger.warn({ requestId: request.id }, 'whatsapp webhook with a missing or wrong signature refused');
        response.status(401).json(errorBody('invalid_signature', 'missing or invalid X-Hub-Signature-256'));
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
      response.sendStatus(200);
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
