import type { Queryable } from '../../db/index.js';
import { addDays, localDateOf, localInstant, parseLocalDate } from '../../shared/index.js';
import { type AvailabilityRefusal, type Named, type Refused, refused } from '../availability/index.js';
import type { WaitlistPeriod } from './waitlist-period.js';

export interface JoinWaitlistRequest {
  tenantId: number;
  customerId: number;
  serviceId: number;
  /** null: anyone who does the service */
  professionalId: number | null;
  /** local YYYY-MM-DD */
  date: string;
  period: WaitlistPeriod | null;
  now: Date;
}

export interface JoinedEntry {
  id: number;
  service: Named;
  professional: Named | null;
  date: string;
  period: WaitlistPeriod | null;
}

/** Why a wish cannot go on the list: the availability refusals a date, service or professional can meet. */
export type WaitlistRefusal = Extract<
  AvailabilityRefusal,
  { kind: 'invalid_date' | 'service_not_found' | 'professional_not_found' | 'service_not_offered' | 'date_past' | 'beyond_horizon' }
>;

export type JoinWaitlistOutcome = { kind: 'joined'; entry: JoinedEntry; alreadyListed: boolean } | Refused<WaitlistRefusal>;

interface Facts {
  timezone: string;
  horizonDays: number;
  service: Named | null;
  professional: Named | null;
  doesService: boolean;
  offeredBy: Named[];
}

/**
 * Puts the conversation's customer on the tenant's waitlist for a service on one local day
 * (optionally a part of it and a professional): the first slot that opens and fits is offered
 * to the earliest entry (src/waitlist-offers/). Refuses, as values, an invalid or past date, a
 * date beyond the booking horizon, an unknown or inactive service or professional (other
 * tenants' ids alike) and a professional who does not do the service. Idempotent: the same
 * wish while an entry for it is still open returns that entry. The entry expires with its day.
 */
export async function joinWaitlist(db: Queryable, request: JoinWaitlistRequest): Promise<JoinWaitlistOutcome> {
  if (!parseLocalDate(request.date)) return refused({ kind: 'invalid_date', date: request.date });
  const facts = await loadFacts(db, request);
  if (!facts) throw new Error(`tenant ${request.tenantId} not found`);
  const { service, professional } = facts;
  if (!service) return refused({ kind: 'service_not_found', serviceId: request.serviceId });
  if (request.professionalId !== null && !professional) {
    return refused({ kind: 'professional_not_found', professionalId: request.professionalId });
  }
  if (professional && !facts.doesService)
    return refused({ kind: 'service_not_offered', professional, service, offeredBy: facts.offeredBy });
  const today = localDateOf(request.now.getTime(), facts.timezone);
  if (request.date < today) return refused({ kind: 'date_past', date: request.date, today });
  const lastDate = addDays(today, facts.horizonDays);
  if (request.date > lastDate) return refused({ kind: 'beyond_horizon', date: request.date, lastDate, horizonDays: facts.horizonDays });

  const entry = (id: number): JoinedEntry => ({ id, service, professional, date: request.date, period: request.period });
  const [existing] = await db.$queryRaw<{ id: number }[]>`
    SELECT id FROM waitlist_entries
     WHERE tenant_id = ${request.tenantId}::int AND customer_id = ${request.customerId}::int AND service_id = ${service.id}::int
       AND professional_id IS NOT DISTINCT FROM ${request.professionalId}::int AND date = ${request.date}
       AND period IS NOT DISTINCT FROM ${request.period}::text AND status IN ('open', 'offered')
     ORDER BY id LIMIT 1`;
  if (existing) return { kind: 'joined', entry: entry(existing.id), alreadyListed: true };
  const expiresAt = new Date(localInstant(addDays(request.date, 1), 0, facts.timezone));
  const [created] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO waitlist_entries (tenant_id, customer_id, service_id, professional_id, date, period, expires_at)
    VALUES (${request.tenantId}::int, ${request.customerId}::int, ${service.id}::int, ${request.professionalId}::int, ${request.date},
            ${request.period}::text, ${expiresAt})
    RETURNING id`;
  if (!created) throw new Error('waitlist entry not created');
  return { kind: 'joined', entry: entry(created.id), alreadyListed: false };
}

/** One round trip: the tenant's zone and horizon, the service, the professional, and who does the service. */
async function loadFacts(db: Queryable, request: JoinWaitlistRequest): Promise<Facts | undefined> {
  const [row] = await db.$queryRaw<Facts[]>`
    SELECT t.timezone, t.horizon_days AS "horizonDays",
      (SELECT json_build_object('id', s.id, 'name', s.name) FROM services s
        WHERE s.id = ${request.serviceId}::int AND s.tenant_id = t.id AND s.active) AS service,
      (SELECT json_build_object('id', p.id, 'name', p.name) FROM professionals p
        WHERE p.id = ${request.professionalId}::int AND p.tenant_id = t.id AND p.active) AS professional,
      EXISTS (SELECT 1 FROM professional_services ps JOIN services s ON s.id = ${request.serviceId}::int AND s.tenant_id = t.id
               WHERE ps.tenant_id = t.id AND ps.professional_id = ${request.professionalId}::int AND ps.service_id IN (s.id, s.parent_id))
        AS "doesService",
      (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name) ORDER BY p.name), '[]'::json)
         FROM professionals p
        WHERE p.tenant_id = t.id AND p.active AND EXISTS (
          SELECT 1 FROM professional_services ps JOIN services s ON s.id = ${request.serviceId}::int AND s.tenant_id = t.id
           WHERE ps.tenant_id = t.id AND ps.professional_id = p.id AND ps.service_id IN (s.id, s.parent_id))) AS "offeredBy"
    FROM tenants t WHERE t.id = ${request.tenantId}::int`;
  return row;
}
