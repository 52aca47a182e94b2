import type pg from 'pg';
import type { DepositPayerResult } from './deposit-payer.js';

/** The Pix deposits: charges created, paid, left to lapse, and what became of them. */
export interface DepositChecks {
  charged: number;
  approved: number;
  lapsed: number;
  /** paid deposits whose appointment is not booked (nor refunded after a customer's cancellation) */
  approvedNotBooked: number;
  /** lapsed deposits whose appointment still holds its slot (neither expired nor cancelled) */
  lapsedNotFreed: number;
  /** appointments still `pending_payment` with no hold left to run (past it, or no deposit at all) */
  stuckPendingPayment: number;
  notificationsRefused: number;
}

export async function depositChecks(
  query: <Row extends pg.QueryResultRow>(sql: string, values?: unknown[]) => Promise<Row[]>,
  payer: DepositPayerResult,
): Promise<DepositChecks> {
  const number = (rows: { n: string }[]) => Number(rows[0]?.n ?? 0);
  const approvedSettled = number(
    await query<{ n: string }>(
      `SELECT count(*) AS n FROM deposits d JOIN appointments a ON a.id = d.appointment_id
        WHERE d.appointment_id = ANY($1::int[])
          AND ((d.status = 'paid' AND a.status NOT IN ('pending_payment', 'expired')) OR d.status = 'refunded')`,
      [payer.approved],
    ),
  );
  const lapsedFreed = number(
    await query<{ n: string }>(
      `SELECT count(*) AS n FROM deposits d JOIN appointments a ON a.id = d.appointment_id
        WHERE d.appointment_id = ANY($1::int[]) AND a.status IN ('expired', 'cancelled')`,
      [payer.lapsed],
    ),
  );
  return {
    charged: number(await query<{ n: string }>(`SELECT count(*) AS n FROM deposits WHERE payment_id IS NOT NULL`)),
    approved: payer.approved.length,
    lapsed: payer.lapsed.length,
    approvedNotBooked: payer.approved.length - approvedSettled,
    lapsedNotFreed: payer.lapsed.length - lapsedFreed,
    stuckPendingPayment: number(
      await query<{ n: string }>(
        `SELECT count(*) AS n FROM appointments a WHERE a.status = 'pending_payment'
           AND NOT EXISTS (SELECT 1 FROM deposits d WHERE d.appointment_id = a.id AND d.hold_until > now())`,
      ),
    ),
    notificationsRefused: payer.notificationsRefused,
  };
}
