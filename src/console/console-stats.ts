import type { ConsoleStats } from '../contract/index.js';
import { RUN_EXIT_LABELS_PT, type RunExit } from '../conversation/index.js';
import type { Db } from '../db/index.js';
import { computeReminderStats } from '../reminders/index.js';

/**
 * The owner's figures besides handoffs (which come from the admin stats route): runs by
 * exit and, where the agenda records them, attendance and reminder confirmations (the
 * definitions of `GET /admin/stats/reminders`). Rates are null ("sem dados") when nothing of
 * the kind was recorded in the period.
 */
export async function computeConsoleStats(db: Db, query: { tenantId: number; from: Date; to: Date; now: Date }): Promise<ConsoleStats> {
  const [runs, appointments, reminders] = await Promise.all([
    db.$queryRaw<{ exit: RunExit | 'running'; count: number }[]>`
      SELECT coalesce(exit, 'running') AS exit, count(*)::int AS count FROM agent_runs
      WHERE tenant_id = ${query.tenantId} AND started_at >= ${query.from} AND started_at < ${query.to}
      GROUP BY 1 ORDER BY 2 DESC, 1`,
    db.$queryRaw<{ status: string; count: number }[]>`
      SELECT status, count(*)::int AS count FROM appointments
      WHERE tenant_id = ${query.tenantId} AND starts_at >= ${query.from} AND starts_at < ${query.to} AND starts_at < ${query.now}
      GROUP BY 1 ORDER BY 2 DESC, 1`,
    computeReminderStats(db, query),
  ]);
  const countOf = (status: string) => appointments.find((row) => row.status === status)?.count ?? 0;
  const attended = countOf('attended');
  const noShow = countOf('no_show');
  return {
    runsByExit: runs.map((row) => ({ ...row, label: RUN_EXIT_LABELS_PT[row.exit] })),
    appointmentsByStatus: appointments,
    noShowRate: attended + noShow > 0 ? noShow / (attended + noShow) : null,
    confirmationRate: reminders.confirmationRate,
    noShowRateConfirmed: reminders.attendance.confirmed.noShowRate,
    noShowRateUnconfirmed: reminders.attendance.unconfirmed.noShowRate,
  };
}
