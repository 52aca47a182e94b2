import type { Queryable } from '../db/index.js';
import { formatBrl, textColumns } from '../shared/index.js';

/** One deposit figure: how many and how much (cents). */
export interface DepositFigure {
  count: number;
  cents: number;
}

/**
 * A tenant's deposits for appointments starting in [from, to):
 * - `collected`: paid (by Pix or marked paid by staff) and not given back: the salon has the money;
 * - `forfeited`: of those, the ones whose appointment was then cancelled or missed (kept under the policy);
 * - `refunded`: given back (a cancellation in time, or a payment that came too late);
 * - `expired`: holds that ran out unpaid (or whose charge could not be created);
 * - `pending`: still waiting; `waived`: staff let them go.
 */
export interface DepositStats {
  from: Date;
  to: Date;
  collected: DepositFigure;
  forfeited: DepositFigure;
  refunded: DepositFigure;
  expired: DepositFigure;
  pending: DepositFigure;
  waived: DepositFigure;
}

interface Row {
  collected: number;
  collected_cents: bigint | number;
  forfeited: number;
  forfeited_cents: bigint | number;
  refunded: number;
  refunded_cents: bigint | number;
  expired: number;
  expired_cents: bigint | number;
  pending: number;
  pending_cents: bigint | number;
  waived: number;
  waived_cents: bigint | number;
}

/** The figures above in one query over the tenant's deposits joined to their appointments. */
export async function computeDepositStats(db: Queryable, query: { tenantId: number; from: Date; to: Date }): Promise<DepositStats> {
  const [row] = await db.$queryRaw<Row[]>`
    SELECT count(*) FILTER (WHERE d.status = 'paid')::int AS collected,
           coalesce(sum(d.amount_cents) FILTER (WHERE d.status = 'paid'), 0) AS collected_cents,
           count(*) FILTER (WHERE d.status = 'paid' AND a.status IN ('cancelled', 'no_show'))::int AS forfeited,
           coalesce(sum(d.amount_cents) FILTER (WHERE d.status = 'paid' AND a.status IN ('cancelled', 'no_show')), 0) AS forfeited_cents,
           count(*) FILTER (WHERE d.status = 'refunded')::int AS refunded,
           coalesce(sum(d.amount_cents) FILTER (WHERE d.status = 'refunded'), 0) AS refunded_cents,
           count(*) FILTER (WHERE d.status = 'expired')::int AS expired,
           coalesce(sum(d.amount_cents) FILTER (WHERE d.status = 'expired'), 0) AS expired_cents,
           count(*) FILTER (WHERE d.status = 'pending')::int AS pending,
           coalesce(sum(d.amount_cents) FILTER (WHERE d.status = 'pending'), 0) AS pending_cents,
           count(*) FILTER (WHERE d.status = 'waived')::int AS waived,
           coalesce(sum(d.amount_cents) FILTER (WHERE d.status = 'waived'), 0) AS waived_cents
      FROM deposits d JOIN appointments a ON a.id = d.appointment_id AND a.tenant_id = d.tenant_id
     WHERE d.tenant_id = ${query.tenantId}::int AND a.starts_at >= ${query.from} AND a.starts_at < ${query.to}`;
  const figure = (count: number | undefined, cents: bigint | number | undefined): DepositFigure => ({
    count: count ?? 0,
    cents: Number(cents ?? 0),
  });
  return {
    from: query.from,
    to: query.to,
    collected: figure(row?.collected, row?.collected_cents),
    forfeited: figure(row?.forfeited, row?.forfeited_cents),
    refunded: figure(row?.refunded, row?.refunded_cents),
    expired: figure(row?.expired, row?.expired_cents),
    pending: figure(row?.pending, row?.pending_cents),
    waived: figure(row?.waived, row?.waived_cents),
  };
}

/** The figures as a plain-text table for terminals (`npm run report -- deposits`). */
export function formatDepositStats(stats: DepositStats, tenant: { slug: string; timezone: string }): string {
  const line = (label: string, figure: DepositFigure) => [label, String(figure.count), formatBrl(figure.cents)];
  const header = ['deposits', 'count', 'amount'];
  const rows = [
    line('collected (paid and kept)', stats.collected),
    line('  of which forfeited (cancelled late or no-show)', stats.forfeited),
    line('refunded', stats.refunded),
    line('expired unpaid', stats.expired),
    line('pending', stats.pending),
    line('waived by staff', stats.waived),
  ];
  const columns = textColumns(header, rows);
  return [
    `Tenant ${tenant.slug} (${tenant.timezone}): deposits of appointments starting from ${stats.from.toISOString()} to ${stats.to.toISOString()} (end excluded)`,
    '',
    columns.line(header),
    columns.rule,
    ...rows.map((row) => columns.line(row)),
  ].join('\n');
}
