import { TZDate } from '@date-fns/tz';
import { Router } from 'express';
import type { Db } from '../db/index.js';
import { computeHandoffReasonStats, HANDOFF_REASONS, isHandoffReason } from '../handoff/index.js';
import { AppError } from '../shared/index.js';
import { adminContextOf } from './admin-context.js';
import { parseRequest } from './parse-request.js';
import { statsQuerySchema } from './request-schemas.js';

/**
 * Ops figures: `GET /admin/stats/handoff-reasons?from=&to=` counts the tenant's handoffs
 * created in `[from, to)` by reason, with median and p90 wait from creation to claim.
 * Plain dates are days in the tenant's time zone; `to` is excluded.
 */
export function createStatsRoutes(deps: { db: Db }): Router {
  const router = Router();
  router.get('/stats/handoff-reasons', async (request, response) => {
    const { tenantId, timezone } = adminContextOf(response);
    const query = parseRequest(statsQuerySchema, 'query', request.query);
    const from = toInstant(query.from, timezone);
    const to = toInstant(query.to, timezone);
    if (to <= from) {
      throw new AppError('invalid_request', 'invalid request: query.to', 400, [{ path: 'query.to', message: 'must be after from' }]);
    }
    const stats = await computeHandoffReasonStats(deps.db, { tenantId, from, to });
    response.json({
      from: stats.from,
      to: stats.to,
      timezone,
      toExcluded: true,
      wait: 'seconds from creation to claim; unclaimed handoffs are counted (see unclaimed) but excluded from the median and p90',
      reasons: stats.reasons.map((row) => ({
        ...row,
        description: isHandoffReason(row.reason) ? HANDOFF_REASONS[row.reason] : null,
      })),
      total: stats.total,
    });
  });
  return router;
}

/** `YYYY-MM-DD` is local midnight in the tenant's zone; a date-time carries its own offset. */
function toInstant(text: string, timezone: string): Date {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!day) return new Date(text);
  return new Date(new TZDate(Number(day[1]), Number(day[2]) - 1, Number(day[3]), timezone).getTime());
}
