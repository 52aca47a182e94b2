import { Router } from 'express';
import type { Db } from '../db/index.js';
import { computeHandoffReasonStats, HANDOFF_REASONS, handoffReasonLabel, isHandoffReason, resolveStatsPeriod } from '../handoff/index.js';
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
    const period = resolveStatsPeriod(query.from, query.to, timezone);
    if (!period.ok) {
      const details = period.problems.map((problem) => ({ path: `query.${problem.field}`, message: problem.message }));
      throw new AppError('invalid_request', `invalid request: ${details.map((detail) => detail.path).join(', ')}`, 400, details);
    }
    const stats = await computeHandoffReasonStats(deps.db, { tenantId, from: period.from, to: period.to });
    response.json({
      from: stats.from,
      to: stats.to,
      timezone,
      toExcluded: true,
      wait: 'seconds from creation to claim; unclaimed handoffs are counted (see unclaimed) but excluded from the median and p90',
      reasons: stats.reasons.map((row) => ({
        ...row,
        description: isHandoffReason(row.reason) ? HANDOFF_REASONS[row.reason] : null,
        label: handoffReasonLabel(row.reason),
      })),
      total: stats.total,
    });
  });
  return router;
}
