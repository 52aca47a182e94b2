import type { SettingsChange } from './apply-settings-change.js';
import type { TenantFileChange } from './describe-tenant-file-changes.js';
import type { SettingsActor } from './record-settings-change.js';
import type { TenantFile } from './tenant-file-schema.js';

export type { SettingsActor } from './record-settings-change.js';

/** An appointment still ahead of a professional the owner wants to retire: it has to be moved or cancelled first. */
export interface FutureAppointment {
  id: number;
  startsAt: Date;
  endsAt: Date;
  service: { id: number; name: string };
  customer: { id: number; name: string | null };
}

/** A problem named at its field: `body.priceCents` when it is in what was sent, else where it is in the salon's data. */
export interface SettingsProblem {
  path: string;
  message: string;
}

export type SettingsOutcome =
  | {
      kind: 'saved';
      file: TenantFile;
      key: string | null;
      id: number | null;
      /** what an uploaded file changed (empty when it matched the salon already); null for the other changes */
      changes: TenantFileChange[] | null;
    }
  | { kind: 'invalid'; problems: SettingsProblem[] }
  | { kind: 'not_found' }
  | { kind: 'last_service' }
  /** a resource some services still need: take it out of them first */
  | { kind: 'resource_in_use'; services: { key: string; name: string }[] }
  | { kind: 'last_professional' }
  | { kind: 'future_appointments'; appointments: FutureAppointment[] };

export interface ChangeTenantSettingsRequest {
  tenantId: number;
  actor: SettingsActor;
  /** the change; services and professionals named by id (another tenant's ids are not found) */
  change:
    | Extract<SettingsChange, { kind: 'settings' | 'add_service' | 'add_professional' | 'add_resource' | 'import_file' }>
    | { kind: 'edit_service'; serviceId: number; fields: Record<string, unknown> }
    | { kind: 'edit_professional'; professionalId: number; fields: Record<string, unknown> }
    | { kind: 'edit_resource'; resourceId: number; fields: Record<string, unknown> };
  now: Date;
}
