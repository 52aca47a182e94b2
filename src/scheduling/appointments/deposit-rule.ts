import type { Queryable } from '../../db/index.js';

/**
 * Whether a booking asks for a deposit: `by_rule` (the customer's bookings: when the tenant's
 * `payments.deposit.services` lists the service), `none` (staff by default), `required` (staff
 * asked for one with `"deposit": true`: the tenant's percent and hold, whatever the service).
 */
export type DepositDemand = 'by_rule' | 'none' | 'required';

/** The tenant file's `payments.deposit` as stored in `tenants.payments`. */
export interface DepositRule {
  percent: number;
  services: string[];
  holdMinutes: number;
  refundUntilHours: number;
}

/** What a booking that needs a deposit holds: the amount and until when the slot waits for it. */
export interface DepositHold {
  amountCents: number;
  holdUntil: Date;
  holdMinutes: number;
  refundUntilHours: number;
}

/** The stored `payments` value's deposit rule, or null (no block, or no deposit in it). */
export function readDepositRule(stored: unknown): DepositRule | null {
  if (typeof stored !== 'object' || stored === null) return null;
  const deposit = (stored as { deposit?: unknown }).deposit as Partial<DepositRule> | undefined;
  if (!deposit || typeof deposit.percent !== 'number' || !Array.isArray(deposit.services) || typeof deposit.holdMinutes !== 'number') {
    return null;
  }
  return {
    percent: deposit.percent,
    services: deposit.services.filter((key): key is string => typeof key === 'string'),
    holdMinutes: deposit.holdMinutes,
    refundUntilHours: typeof deposit.refundUntilHours === 'number' ? deposit.refundUntilHours : 0,
  };
}

/** `percent` of `priceCents`, rounded half up to the cent (CONTRACT: "Deposit amounts"). */
export function depositAmountCents(priceCents: number, percent: number): number {
  return Math.floor((priceCents * percent + 50) / 100);
}

/**
 * The hold a booking needs, or null when it books at once. Pure. A service is listed when its
 * key or, for a variant, its parent's key is in the rule; a service without a price (or a
 * zero amount) needs no deposit.
 */
export function decideDeposit(input: {
  demand: DepositDemand;
  rule: DepositRule | null;
  service: { key: string; parentKey: string | null };
  priceCents: number | null;
  now: Date;
}): DepositHold | null {
  const { rule } = input;
  if (input.demand === 'none' || !rule || input.priceCents === null) return null;
  const listed =
    rule.services.includes(input.service.key) || (input.service.parentKey !== null && rule.services.includes(input.service.parentKey));
  if (input.demand === 'by_rule' && !listed) return null;
  const amountCents = depositAmountCents(input.priceCents, rule.percent);
  if (amountCents <= 0) return null;
  return {
    amountCents,
    holdUntil: new Date(input.now.getTime() + rule.holdMinutes * 60_000),
    holdMinutes: rule.holdMinutes,
    refundUntilHours: rule.refundUntilHours,
  };
}

/** The facts `decideDeposit` needs for one service of one tenant (two small reads). */
export async function loadDepositFacts(
  db: Queryable,
  query: { tenantId: number; serviceId: number },
): Promise<{ rule: DepositRule | null; service: { key: string; parentKey: string | null } } | null> {
  const tenant = await db.tenant.findUnique({ where: { id: query.tenantId }, select: { payments: true } });
  const rule = readDepositRule(tenant?.payments ?? null);
  if (!rule) return { rule: null, service: { key: '', parentKey: null } };
  const service = await db.service.findFirst({
    where: { id: query.serviceId, tenantId: query.tenantId },
    select: { key: true, parent: { select: { key: true } } },
  });
  if (!service) return null;
  return { rule, service: { key: service.key, parentKey: service.parent?.key ?? null } };
}

/**
 * The hold an appointment waits on (its `deposits` row, read only here: deposits/ writes it),
 * for an answer about a booking made earlier (a repeated `agendar`). Null when it has none.
 */
export async function findDepositHold(db: Queryable, query: { tenantId: number; appointmentId: number }): Promise<DepositHold | null> {
  const row = await db.deposit.findFirst({
    where: { tenantId: query.tenantId, appointmentId: query.appointmentId },
    select: { amountCents: true, holdUntil: true, createdAt: true, tenant: { select: { payments: true } } },
  });
  if (!row) return null;
  const rule = readDepositRule(row.tenant.payments);
  return {
    amountCents: row.amountCents,
    holdUntil: row.holdUntil,
    holdMinutes: Math.round((row.holdUntil.getTime() - row.createdAt.getTime()) / 60_000),
    refundUntilHours: rule?.refundUntilHours ?? 0,
  };
}

/**
 * The hold a visit needs, or null: `percent` of the summed effective prices of its services the
 * rule lists (all of them when staff asked for a deposit), rounded half up to the cent
 * (CONTRACT: deposit amounts). The visit waits for it as a whole.
 */
export async function decideVisitDeposit(
  db: Queryable,
  request: { tenantId: number; demand: DepositDemand; services: readonly { id: number; priceCents: number | null }[]; now: Date },
): Promise<DepositHold | null> {
  if (request.demand === 'none') return null;
  const tenant = await db.tenant.findUnique({ where: { id: request.tenantId }, select: { payments: true } });
  const rule = readDepositRule(tenant?.payments ?? null);
  if (!rule) return null;
  const rows = await db.service.findMany({
    where: { tenantId: request.tenantId, id: { in: request.services.map((service) => service.id) } },
    select: { id: true, key: true, parent: { select: { key: true } } },
  });
  const keysOf = new Map<number, [string | null, string | null]>(rows.map((row) => [row.id, [row.key, row.parent?.key ?? null]]));
  let total = 0;
  for (const service of request.services) {
    const [key, parentKey] = keysOf.get(service.id) ?? [null, null];
    const listed = (key !== null && rule.services.includes(key)) || (parentKey !== null && rule.services.includes(parentKey));
    if ((request.demand === 'required' || listed) && service.priceCents !== null) total += service.priceCents;
  }
  const amountCents = depositAmountCents(total, rule.percent);
  if (amountCents <= 0) return null;
  return {
    amountCents,
    holdUntil: new Date(request.now.getTime() + rule.holdMinutes * 60_000),
    holdMinutes: rule.holdMinutes,
    refundUntilHours: rule.refundUntilHours,
  };
}
