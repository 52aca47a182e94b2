import express, { Router } from 'express';
import { createFailedAuthThrottle } from '../auth/index.js';
import { type Db, primaryReads } from '../db/index.js';
import { createStaffReads, type StaffReads } from '../http/index.js';
import type { SchedulingDeps } from '../scheduling/appointments/index.js';
import type { Clock, Logger } from '../shared/index.js';
import { createAppointmentReadRoutes } from './appointment-read-routes.js';
import { createAppointmentRoutes } from './appointment-routes.js';
import { createConversationRoutes } from './conversation-routes.js';
import { createCustomerRoutes } from './customer-routes.js';
import { createHandoffRoutes } from './handoff-routes.js';
import { createInboxRoutes } from './inbox-routes.js';
import { createMediaRoutes, type MediaProxyOptions } from './media-routes.js';
import { createProfessionalRoutes } from './professional-routes.js';
import { createQuickReplyRoutes } from './quick-reply-routes.js';
import { requireApiKey } from './require-api-key.js';
import { requireStaffSession } from './require-staff-session.js';
import { createResourceRoutes } from './resource-routes.js';
import { createSettingsRoutes } from './settings-routes.js';
import { createSlidingWindowRateLimiter } from './sliding-window-rate-limiter.js';
import { createStaffAccountRoutes } from './staff-account-routes.js';
import { createStatsRoutes } from './stats-routes.js';
import { createTenantFileRoute } from './tenant-file-route.js';
import { createWaitlistRoutes } from './waitlist-routes.js';

export interface AdminRouterDeps {
  db: Db;
  /** the scheduling domain as boot/ wired it (the agenda's changes tell the same subscribers as the bot's) */
  scheduling: SchedulingDeps;
  logger: Logger;
  clock: Clock;
  config: { ADMIN_RATE_LIMIT_PER_MINUTE: number; ADMIN_AUTH_FAILURES_PER_MINUTE: number; PUBLIC_URL: string };
  /** time source of the rate limiter (tests); defaults to Date.now */
  rateLimitNow?: () => number;
  /** the customers' media on the Graph API; without it `GET …/media` answers 503 */
  media?: MediaProxyOptions | undefined;
  /** where the named reads (lists, stats) run, and the primary's plain-SQL reads; without it, all on `db` */
  reads?: StaffReads | undefined;
}

const BODY_LIMIT = '32kb';
/** A whole tenant file the owner imports: a large salon's catalogue, hours and time off. */
const TENANT_FILE_LIMIT = '1mb';

/**
 * The admin API for attendants and ops, under `/admin` only (so its JSON body parser never
 * touches other routes, e.g. the webhook that needs raw bytes). Every request is
 * authenticated by a tenant API key, or (without an Authorization header) by a console
 * session cookie with its CSRF token, and rate limited per key or person before its body is read.
 */
export function createAdminRouter(deps: AdminRouterDeps): Router {
  const limiter = createSlidingWindowRateLimiter({
    limit: deps.config.ADMIN_RATE_LIMIT_PER_MINUTE,
    windowMs: 60_000,
    ...(deps.rateLimitNow ? { now: deps.rateLimitNow } : {}),
  });
  const failedAuth = createFailedAuthThrottle({
    db: deps.db,
    limit: deps.config.ADMIN_AUTH_FAILURES_PER_MINUTE,
    windowMs: 60_000,
    ...(deps.rateLimitNow ? { now: deps.rateLimitNow } : {}),
  });
  const admin = Router();
  const reads = deps.reads ?? createStaffReads(primaryReads(deps.db));
  const byApiKey = requireApiKey({ db: deps.db, sql: reads.primary.sql, logger: deps.logger, clock: deps.clock, limiter, failedAuth });
  const bySession = requireStaffSession({
    db: deps.db,
    logger: deps.logger,
    clock: deps.clock,
    limiter,
    publicUrl: deps.config.PUBLIC_URL,
  });
  admin.use((request, response, next) => (request.get('authorization') ? byApiKey : bySession)(request, response, next));
  // After authentication: a refused caller wrote nothing.
  admin.use(reads.markWrites);
  const routeDeps = { ...deps, reads };
  // The larger parser reads the import's body first; the general one then leaves a parsed body alone.
  admin.post('/tenant-file', express.json({ limit: TENANT_FILE_LIMIT }));
  admin.use(express.json({ limit: BODY_LIMIT }));
  admin.use(createHandoffRoutes(routeDeps));
  admin.use(createInboxRoutes(routeDeps));
  admin.use(createConversationRoutes(routeDeps));
  admin.use(createMediaRoutes(routeDeps));
  admin.use(createQuickReplyRoutes(routeDeps));
  admin.use(createStatsRoutes(routeDeps));
  admin.use(createAppointmentReadRoutes(routeDeps));
  admin.use(createAppointmentRoutes(routeDeps));
  admin.use(createProfessionalRoutes(routeDeps));
  admin.use(createCustomerRoutes(routeDeps));
  admin.use(createStaffAccountRoutes(routeDeps));
  admin.use(createTenantFileRoute(routeDeps));
  admin.use(createSettingsRoutes(routeDeps));
  admin.use(createResourceRoutes(routeDeps));
  admin.use(createWaitlistRoutes(routeDeps));
  const router = Router();
  router.use('/admin', admin);
  return router;
}
