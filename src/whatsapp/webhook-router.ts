import express, { type Router } from 'express';
import type { Config } from '../config/index.js';
import type { Db } from '../db/index.js';
import { errorBody, type PlainRoute } from '../http/index.js';
import type { Logger } from '../shared/index.js';
import { createDeadLetterSink } from './dead-letters.js';
import { createDevSecretGuard } from './dev-secret-guard.js';
import { createIntakeBatcher } from './intake-batcher.js';
import type { SqlRunner } from './store-inbound-batch.js';
import { createTenantResolver } from './tenant-resolver.js';
import { createWebhookPost } from './webhook-post.js';

const WEBHOOK_PATH = '/webhooks/whatsapp';

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

/** The webhook's router alone (its POST served by express): for harnesses that mount only routers. */
export function createWhatsAppWebhookRouter(deps: WhatsAppWebhookDeps): Router {
  return createWhatsAppWebhook(deps).router;
}

/** The webhook's router and its POST as a plain route, sharing one intake batcher: mount both. */
export interface WhatsAppWebhook {
  router: Router;
  /** `POST /webhooks/whatsapp` for createHttpApp's `plainRoutes`, served before express */
  plainRoutes: PlainRoute[];
}

/**
 * Meta's webhook endpoint. GET: the verification handshake (echoes `hub.challenge` for the
 * right verify token, else 403; the published development token only while no tenant has an
 * access token). POST (createWebhookPost): signature header shape, size limit, raw body,
 * signature, JSON, store and enqueue, then 200. Nothing is answered before it is stored.
 */
export function createWhatsAppWebhook(deps: WhatsAppWebhookDeps): WhatsAppWebhook {
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

  // The POST has no express middleware of its own: the same function serves it in front of
  // express (plainRoutes) and here, for a path only the router matches (`/webhooks/whatsapp/`).
  const post = createWebhookPost(intakeDeps, { appSecret: config.WHATSAPP_APP_SECRET, maxBytes: config.WHATSAPP_WEBHOOK_MAX_BYTES });
  router.post(WEBHOOK_PATH, (request, response) => post(request, response));
  return { router, plainRoutes: [{ method: 'POST', path: WEBHOOK_PATH, handle: post }] };
}
