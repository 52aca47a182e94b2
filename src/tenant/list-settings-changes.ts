import type { Queryable } from '../db/index.js';
import type { TenantFileChange } from './describe-tenant-file-changes.js';

/** One recorded change to the salon, with who made it as the owner reads it. */
export interface SettingsChangeEntry {
  id: number;
  at: Date;
  actor: { kind: 'staff_account' | 'api_key' | 'cli'; name: string | null };
  change: string;
  targetKey: string | null;
  /** what a file import changed (console or command line); null for the other changes */
  changes: TenantFileChange[] | null;
}

/**
 * The tenant's latest recorded settings changes, newest first (console saves, API calls, file
 * imports from the console or the command line). A staff actor is named by the account's name,
 * an API key by its label and prefix; the command line has no name.
 */
export async function listSettingsChanges(db: Queryable, tenantId: number, limit = 20): Promise<SettingsChangeEntry[]> {
  const rows = await db.settingsChange.findMany({
    where: { tenantId },
    orderBy: { id: 'desc' },
    take: limit,
    select: { id: true, createdAt: true, actorKind: true, actorId: true, change: true, targetKey: true, details: true },
  });
  const idsOf = (kind: string) => [
    ...new Set(rows.flatMap((row) => (row.actorKind === kind && row.actorId !== null ? [row.actorId] : []))),
  ];
  const staff = await db.staffAccount.findMany({
    where: { tenantId, id: { in: idsOf('staff_account') } },
    select: { id: true, name: true },
  });
  const keys = await db.apiKey.findMany({
    where: { tenantId, id: { in: idsOf('api_key') } },
    select: { id: true, label: true, prefix: true },
  });
  const staffName = new Map(staff.map((row) => [row.id, row.name]));
  const keyName = new Map(keys.map((row) => [row.id, `${row.label} (${row.prefix})`]));
  return rows.map((row) => {
    const kind = row.actorKind as SettingsChangeEntry['actor']['kind'];
    const name = row.actorId === null ? null : ((kind === 'staff_account' ? staffName : keyName).get(row.actorId) ?? null);
    const details = row.details as { changes?: unknown } | null;
    return {
      id: row.id,
      at: row.createdAt,
      actor: { kind, name },
      change: row.change,
      targetKey: row.targetKey,
      changes: row.change === 'file_imported' && Array.isArray(details?.changes) ? (details.changes as TenantFileChange[]) : null,
    };
  });
}
