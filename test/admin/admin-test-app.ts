import type { Express } from 'express';
import { createAdminRouter, createCalendarFeedRouter, type MediaProxyOptions } from '../../src/admin/index.js';
import { schedulingDepsOf } from '../../src/boot/index.js';
import type { Db } from '../../src/db/index.js';
import { createHttpApp, type StaffReads } from '../../src/http/index.js';
import { type Clock, type Logger, silentLogger, systemClock } from '../../src/shared/index.js';

/** The HTTP app with only the admin router, as start-service mounts it. */
export function createAdminTestApp(
  db: Db,
  options: {
    rateLimitPerMinute?: number;
    authFailuresPerMinute?: number;
    clock?: Clock;
    rateLimitNow?: () => number;
    publicUrl?: string;
    /** TRUST_PROXY: unset trusts no X-Forwarded-For, as the service does by default */
    trustProxy?: number;
    /** the admin router's logger (a test reading the log lines); silent unless given */
    logger?: Logger;
    /** how the admin API reaches customers' media (the Graph fake); none: media answers 503 */
    media?: MediaProxyOptions;
    /** where the named reads run (a read replica); unset: on `db` */
    reads?: StaffReads;
  } = {},
): Express {
  const config = {
    ADMIN_RATE_LIMIT_PER_MINUTE: options.rateLimitPerMinute ?? 10_000,
    ADMIN_AUTH_FAILURES_PER_MINUTE: options.authFailuresPerMinute ?? 10_000,
    PUBLIC_URL: options.publicUrl ?? TEST_PUBLIC_URL,
  };
  const clock = options.clock ?? systemClock;
  const router = createAdminRouter({
    db,
    scheduling: schedulingDepsOf(db),
    logger: options.logger ?? silentLogger,
    clock,
    config,
    ...(options.rateLimitNow ? { rateLimitNow: options.rateLimitNow } : {}),
    ...(options.media ? { media: options.media } : {}),
    ...(options.reads ? { reads: options.reads } : {}),
  });
  return createHttpApp({
    db,
    logger: silentLogger,
    routers: [router, createCalendarFeedRouter({ db, clock, config })],
    ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
  });
}

/** PUBLIC_URL of the test app: feed URLs start with it. */
export const TEST_PUBLIC_URL = 'https://agenda.test';

export const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
