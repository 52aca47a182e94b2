import type { Queryable } from '../../db/index.js';
import { toWaitlistPeriod, type WaitlistPeriod } from './waitlist-period.js';

/** An open entry as staff see it (`GET /admin/waitlist`). */
export interface WaitlistEntryView {
  id: number;
  /** `waId`: the phone as WhatsApp reports it (the edge formats it for staff) */
  customer: { id: number; name: string | null; waId: string | null };
  serviceId: number;
  date: string;
  period: WaitlistPeriod | null;
  professionalId: number | null;
  /** open (waiting) or offered (an offer is out, on hold) */
  status: 'open' | 'offered';
  createdAt: Date;
}

/** The tenant's entries still waiting (open or with an offer out) whose day has not ended, oldest first: the order offers follow. */
export async function listOpenWaitlist(db: Queryable, query: { tenantId: number; now: Date }): Promise<WaitlistEntryView[]> {
  const rows = await db.$queryRaw<
    {
      id: number;
      customerId: number;
      name: string | null;
      waId: string | null;
      serviceId: number;
      date: string;
      period: string | null;
      professionalId: number | null;
      status: 'open' | 'offered';
      createdAt: Date;
    }[]
  >`
    SELECT w.id, w.customer_id AS "customerId", c.name, c.wa_id AS "waId", w.service_id AS "serviceId", w.date, w.period,
           w.professional_id AS "professionalId", w.status, w.created_at AS "createdAt"
      FROM waitlist_entries w JOIN customers c ON c.id = w.customer_id AND c.tenant_id = w.tenant_id
     WHERE w.tenant_id = ${query.tenantId}::int AND w.status IN ('open', 'offered') AND w.expires_at > ${query.now}
     ORDER BY w.created_at, w.id`;
  return rows.map((row) => ({
    id: row.id,
    customer: { id: row.customerId, name: row.name, waId: row.waId },
    serviceId: row.serviceId,
    date: row.date,
    period: toWaitlistPeriod(row.period),
    professionalId: row.professionalId,
    status: row.status,
    createdAt: row.createdAt,
  }));
}
