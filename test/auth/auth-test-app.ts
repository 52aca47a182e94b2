import type { Express } from 'express';
import { createAdminRouter } from '../../src/admin/index.js';
import { schedulingDepsOf } from '../../src/boot/index.js';
import { createConsoleRouter } from '../../src/console/index.js';
import type { Db } from '../../src/db/index.js';
import { createHttpApp } from '../../src/http/index.js';
import { type Clock, silentLogger, systemClock } from '../../src/shared/index.js';

/** The console's origin in these tests: PUBLIC_URL, which the same-origin check accepts. */
export const AUTH_TEST_ORIGIN = 'http://localhost:3000';

/** The web side with the admin API and the console, as start-service mounts them (supertest drives it). */
export function createAuthTestApp(
  db: Db,
  options: { trustProxy?: number; clock?: Clock; rateLimitNow?: () => number; authFailuresPerMinute?: number; publicUrl?: string } = {},
): Express {
  const deps = {
    db,
    logger: silentLogger,
    clock: options.clock ?? systemClock,
    config: {
      ADMIN_RATE_LIMIT_PER_MINUTE: 10_000,
      ADMIN_AUTH_FAILURES_PER_MINUTE: options.authFailuresPerMinute ?? 20,
      PUBLIC_URL: options.publicUrl ?? AUTH_TEST_ORIGIN,
    },
    ...(options.rateLimitNow ? { rateLimitNow: options.rateLimitNow } : {}),
  };
  return createHttpApp({
    db,
    logger: silentLogger,
    routers: [createAdminRouter({ ...deps, scheduling: schedulingDepsOf(db) }), createConsoleRouter(deps)],
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
  });
}
