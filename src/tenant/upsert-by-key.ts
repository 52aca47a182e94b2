import { Prisma } from '../db/index.js';

type FieldValue = string | number | boolean | null;

/** The delegate shape shared by `tx.service`, `tx.professional` and `tx.resource` that upsertByKey needs. */
export interface KeyedDelegate<Fields> {
  findUnique(args: {
    where: { tenantId_key: { tenantId: number; key: string } };
  }): Promise<({ id: number; active: boolean } & Fields) | null>;
  create(args: { data: { tenantId: number; key: string } & Fields; select: { id: true } }): Promise<{ id: number }>;
  update(args: { where: { id: number }; data: Partial<Fields> & { active: boolean } }): Promise<unknown>;
}

/** Creates the tenant's row with this key, or updates it (and reactivates it) only where it differs. */
export async function upsertByKey<Fields extends Record<string, FieldValue>>(
  delegate: KeyedDelegate<Fields>,
  tenantId: number,
  key: string,
  fields: Fields,
): Promise<number> {
  const existing = await delegate.findUnique({ where: { tenantId_key: { tenantId, key } } });
  if (!existing) return (await delegate.create({ data: { tenantId, key, ...fields }, select: { id: true } })).id;
  const wanted = { ...fields, active: true };
  if (differs(existing, wanted)) await delegate.update({ where: { id: existing.id }, data: wanted });
  return existing.id;
}

/** Whether any wanted field differs from the stored row. */
export function differs(existing: Record<string, unknown>, wanted: Record<string, unknown>): boolean {
  return Object.entries(wanted).some(([field, value]) => !sameValue(existing[field], value));
}

/**
 * Plain values by identity; JSON columns (the templates and reminders blocks) by content,
 * DbNull as null. Content is compared with keys sorted: jsonb gives keys back in its own
 * order (shorter first), not the file's.
 */
function sameValue(stored: unknown, wanted: unknown): boolean {
  if (wanted === Prisma.DbNull) return stored === null;
  if (typeof wanted === 'object' && wanted !== null) return canonicalJson(stored) === canonicalJson(wanted);
  return stored === wanted;
}

function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'object' && inner !== null && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}
