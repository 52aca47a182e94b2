import type { Tx } from '../db/index.js';

/** Who saved a change: a console account, the tenant's API key (CONTRACT: the key acts as the owner), or the operator's command line. */
export type SettingsActor = { kind: 'staff_account'; staffAccountId: number } | { kind: 'api_key'; apiKeyId: number } | { kind: 'cli' };

/** One `settings_changes` row: what changed and who did it (details carry no secrets: the token never passes here). */
export async function recordSettingsChange(
  tx: Tx,
  tenantId: number,
  actor: SettingsActor,
  entry: { change: string; targetKey: string | null; details: object },
): Promise<void> {
  await tx.settingsChange.create({
    data: { tenantId, ...actorColumns(actor), ...entry, details: JSON.parse(JSON.stringify(entry.details)) as object },
  });
}

function actorColumns(actor: SettingsActor): { actorKind: string; actorId: number | null } {
  switch (actor.kind) {
    case 'staff_account':
      return { actorKind: 'staff_account', actorId: actor.staffAccountId };
    case 'api_key':
      return { actorKind: 'api_key', actorId: actor.apiKeyId };
    case 'cli':
      return { actorKind: 'cli', actorId: null };
  }
}
