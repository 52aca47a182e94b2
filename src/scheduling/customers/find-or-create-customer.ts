import type { Queryable } from '../../db/index.js';
import { type NormalizedPhone, waIdVariants } from './normalize-phone.js';

/**
 * The tenant's customer with this phone number, matching every `wa_id` form of it (so a
 * WhatsApp customer whose id lacks the ninth digit is found from "(11) 98765-4321"), or a
 * new customer with the normalised number as `wa_id`. A name is filled in only when the
 * customer had none (a WhatsApp profile name is not overwritten). Safe under concurrency:
 * creation is an upsert on (tenant, wa_id).
 */
export async function findOrCreateCustomer(
  db: Queryable,
  request: { tenantId: number; phone: NormalizedPhone; name: string },
): Promise<{ id: number; name: string | null; waId: string; created: boolean }> {
  const existing = await findCustomerByPhone(db, request.tenantId, request.phone.digits);
  if (existing) {
    if (existing.name === null || existing.name.trim() === '') {
      await db.customer.update({ where: { id: existing.id }, data: { name: request.name }, select: { id: true } });
      return { ...existing, name: request.name, created: false };
    }
    return { ...existing, created: false };
  }
  const created = await db.customer.upsert({
    where: { tenantId_waId: { tenantId: request.tenantId, waId: request.phone.digits } },
    create: { tenantId: request.tenantId, waId: request.phone.digits, name: request.name },
    update: {},
    select: { id: true, name: true, waId: true },
  });
  return { ...created, waId: created.waId ?? request.phone.digits, created: true };
}

/** The tenant's customer whose `wa_id` is any form of these E.164 digits (oldest first), or null. */
export async function findCustomerByPhone(
  db: Queryable,
  tenantId: number,
  digits: string,
): Promise<{ id: number; name: string | null; waId: string } | null> {
  const found = await db.customer.findFirst({
    where: { tenantId, waId: { in: waIdVariants(digits) } },
    orderBy: { id: 'asc' },
    select: { id: true, name: true, waId: true },
  });
  // Matched on wa_id, so it has one (a username-only customer, wa_id null, is never found by phone).
  return found?.waId ? { ...found, waId: found.waId } : null;
}
