import type { Queryable } from '../../db/index.js';
import { normalizePhone, waIdVariants } from './normalize-phone.js';

/** The most customers one search answers (an autocomplete shows a handful). */
export const CUSTOMER_SEARCH_LIMIT = 20;

/** Fewer typed digits than this are not searched as a phone fragment (a "9" would match everyone). */
const MIN_PHONE_DIGITS = 4;

export interface FoundCustomer {
  id: number;
  name: string | null;
  waId: string | null;
}

/**
 * The tenant's customers whose name contains `q` (case-insensitive) or whose phone matches it:
 * a whole number typed in any format ("(11) 98765-4321", "+55 11 98765-4321") matches every
 * `wa_id` form of it (normalizePhone), and four or more digits also match as a fragment
 * ("4321"). Named customers first, by name; at most CUSTOMER_SEARCH_LIMIT.
 */
export async function searchCustomers(db: Queryable, request: { tenantId: number; q: string }): Promise<FoundCustomer[]> {
  const text = request.q.trim();
  if (text.length === 0) return [];
  const digits = text.replace(/\D/g, '');
  const normalized = normalizePhone(text);
  const phoneMatches = [
    ...(normalized ? [{ waId: { in: waIdVariants(normalized.digits) } }] : []),
    ...(digits.length >= MIN_PHONE_DIGITS ? [{ waId: { contains: digits } }] : []),
  ];
  // Only text that is not mostly a number is searched as a name ("Ana", "Maria Souza").
  const nameMatches = digits.length < MIN_PHONE_DIGITS ? [{ name: { contains: text, mode: 'insensitive' as const } }] : [];
  const conditions = [...phoneMatches, ...nameMatches];
  if (conditions.length === 0) return [];
  return db.customer.findMany({
    where: { tenantId: request.tenantId, OR: conditions },
    orderBy: [{ name: { sort: 'asc', nulls: 'last' } }, { id: 'asc' }],
    take: CUSTOMER_SEARCH_LIMIT,
    select: { id: true, name: true, waId: true },
  });
}
