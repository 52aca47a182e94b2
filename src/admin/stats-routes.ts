import { type Request, type Response, Router } from 'express';
import { z } from 'zod';
import type { HandoffReasonRow, Overview, Sent } from '../contract/index.js';
import type { Db } from '../db/index.js';
import { computeHandoffReasonStats, HANDOFF_REASONS, handoffReasonLabel, isHandoffReason, resolveStatsPeriod } from '../handoff/index.js';
import type { StaffReads } from '../http/index.js';
import { computeReminderStats } from '../reminders/index.js';
import { AppError, addDays, type Clock, parseLocalDate } from '../shared/index.js';
import { adminContextOf } from './admin-context.js';
import { buildOverview } from './overview-body.js';
import { assertOwner } from './owner-only.js';
import { parseRequest } from './parse-request.js';
import { statsQuerySchema } from './request-schemas.js';

/** The caller's tenant and the query's period `[from, to)` (plain dates are days in the tenant's zone); 400 naming each bad field. */
function periodOf(request: Request, response: Response) {
  const { tenantId, timezone } = adminContextOf(response);
  const query = parseRequest(statsQuerySchema, 'query', request.query);
  const period = resolveStatsPeriod(query.from, query.to, timezone);
  if (!period.ok) {
    const details = period.problems.map((problem) => ({ path: `query.${problem.field}`, message: problem.message }));
    throw new AppError('invalid_request', `invalid request: ${details.map((detail) => detail.path).join(', ')}`, 400, details);
  }
  return { tenantId, timezone, period };
}

/**
 * Ops figures, for the caller's tenant only, over `[from, to)`; plain dates are days in the
 * tenant's time zone, `to` is excluded:
 * - `GET /admin/stats/handoff-reasons?from=&to=` counts the handoffs created in the period by
 *   reason, with median and p90 wait from creation to claim;
 * - `GET /admin/stats/reminders?from=&to=`: for appointments starting in the period, how many were
 *   reminded, confirmed, cancelled and rescheduled through reminders, and the no-show rate of
 *   confirmed vs unconfirmed ones (each figure defined in reminders/reminder-stats.ts);
 * - `GET /admin/stats/overview?from=&to=` (owners only; local dates, both included): the owner's
 *   overview, each figure defined in overview-body.ts.
 */
export function createStatsRoutes(deps: { db: Db; clock: Clock; reads: StaffReads }): Router {
  const router = Router();
  router.get('/stats/handoff-reasons', async (request, response) => {
    const { tenantId, timezone, period } = periodOf(request, response);
    const stats = await deps.reads.run(request, response, ({ db }) =>
      computeHandoffReasonStats(db, { tenantId, from: period.from, to: period.to }),
    );
    response.json({
      from: stats.from,
      to: stats.to,
      timezone,
      toExcluded: true,
      wait: 'seconds from creation to claim; unclaimed handoffs are counted (see unclaimed) but excluded from the median and p90',
      reasons: stats.reasons.map((row): Sent<HandoffReasonRow> & { description: string | null } => ({
        ...row,
        description: isHandoffReason(row.reason) ? HANDOFF_REASONS[row.reason] : null,
        label: handoffReasonLabel(row.reason),
      })),
      total: stats.total,
    });
  });
  router.get('/stats/reminders', async (request, response) => {
    const { tenantId, timezone, period } = periodOf(request, response);
    const now = deps.clock.now();
    const stats = await deps.reads.run(request, response, ({ db }) =>
      computeReminderStats(db, { tenantId, from: period.from, to: period.to, now }),
    );
    const { tenantId: _tenantId, ...figures } = stats;
    response.json({
      ...figures,
      timezone,
      toExcluded: true,
      attendanceAsOf: now,
      definitions: REMINDER_STAT_DEFINITIONS,
    });
  });
  // The owner's overview over the local dates [from, to] (both included, at most 366 days).
  router.get('/stats/overview', async (request, response) => {
    const context = adminContextOf(response);
    assertOwner(context, 'ver o resumo do estabelecimento');
    const query = parseRequest(overviewQuerySchema, 'query', request.query);
    const body: Sent<Overview> = await deps.reads.run(request, response, ({ db }) =>
      buildOverview(db, {
        tenantId: context.tenantId,
        timezone: context.timezone,
        fromDate: query.from,
        toDate: query.to,
        now: deps.clock.now(),
      }),
    );
    response.json(body);
  });
  return router;
}

const localDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'use AAAA-MM-DD')
  .refine((text) => parseLocalDate(text) !== null, 'data inexistente');
const overviewQuerySchema = z
  .object({ from: localDate, to: localDate })
  .refine((query) => query.from <= query.to, { path: ['to'], message: 'to deve ser igual ou depois de from' })
  .refine((query) => addDays(query.from, 366) >= query.to, { path: ['to'], message: 'no máximo 366 dias' });

/** What each figure of `GET /admin/stats/reminders` counts (the code's definitions: reminders/reminder-stats.ts). */
const REMINDER_STAT_DEFINITIONS = {
  remindedAppointments: 'appointments starting in the period with at least one reminder sent to the customer',
  confirmationRate: 'reminded appointments the customer confirmed by tapping Confirmar, over reminded appointments',
  cancellationRate: 'reminded appointments cancelled by tapping Cancelar, over reminded appointments',
  rescheduleAsked: 'reminded appointments with a reminder answered Remarcar (its latest answer)',
  rescheduledThroughReminder:
    'of those, the ones then moved in that conversation (the move\'s history entry has source "reminder"; before moves kept the id, the new appointment did)',
  attendance:
    'reminded appointments that started before attendanceAsOf and were not cancelled, split by confirmation through a reminder; ' +
    'noShowRate = noShow / (attended + noShow); unmarked = staff did not mark attendance (the appointment stays booked), left out of the rate',
};
