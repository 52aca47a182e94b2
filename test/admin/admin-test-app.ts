import type { Express } from 'express';
import { createAdminRouter } from '../../src/admin/index.js';
import type { Db } from '../../src/db/index.js';
import { createHttpApp } from '../../src/http/index.js';
import { type Clock, silentLogger, systemClock } from '../../src/shared/index.js';

/** The HTTP app with only the admin router, as start-service mounts it. */
export function createAdminTestApp(
  db: Db,
  options: { rateLimitPerMinute?: number; authFailuresPerMinute?: number; clock?: Clock; rateLimitNow?: () => number } = {},
): Express {
  const router = createAdminRouter({
    db,
    logger: silentLogger,
    clock: options.clock ?? systemClock,
    config: {
      ADMIN_RATE_LIMIT_PER_MINUTE: options.rateLimitPerMinute ?? 10_000,
      ADMIN_AUTH_FAILURES_PER_MINUTE: options.authFailuresPerMinute ?? 10_000,
    },
    ...(options.rateLimitNow ? { rateLimitNow: options.rateLimitNow } : {}),
  });
  return createHttpApp({ db, logger: silentLogger, routers: [router] });
}

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
