import { Router } from 'express';
import type { Sent, WaitlistItem } from '../contract/index.js';
import type { Db } from '../db/index.js';
import { listOpenWaitlist, type WaitlistEntryView } from '../scheduling/waitlist/index.js';
import type { Clock } from '../shared/index.js';
import { adminContextOf } from './admin-context.js';
import { staffPhone } from './staff-phone.js';

/**
 * `GET /waitlist`: the tenant's open waitlist entries (waiting, or with an offer on hold) whose
 * day has not ended, oldest first, the order freed slots are offered in. Any staff member.
 */
export function createWaitlistRoutes(deps: { db: Db; clock: Clock }): Router {
  const router = Router();

  router.get('/waitlist', async (_request, response) => {
    const { tenantId } = adminContextOf(response);
    const entries = await listOpenWaitlist(deps.db, { tenantId, now: deps.clock.now() });
    const items: Sent<WaitlistItem>[] = entries.map(toBody);
    response.json({ items });
  });

  return router;
}

const toBody = (entry: WaitlistEntryView): Sent<WaitlistItem> => ({
  id: entry.id,
  customer: { id: entry.customer.id, name: entry.customer.name, phone: staffPhone(entry.customer.waId) },
  serviceId: entry.serviceId,
  date: entry.date,
  period: entry.period,
  professionalId: entry.professionalId,
  status: entry.status,
  createdAt: entry.createdAt.toISOString(),
});
