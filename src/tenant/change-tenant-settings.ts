import { type Db, inTransaction, type Tx } from '../db/index.js';
import { UPCOMING_STATUSES } from '../scheduling/appointments/index.js';
import { type AppliedChange, applySettingsChange, type SettingsChange } from './apply-settings-change.js';
import { exportTenantFile } from './export-tenant-file.js';
import { lockTenantSettings } from './lock-tenant-settings.js';
import { validateTenantFile } from './parse-tenant-file.js';
import { tenantFileIssueInPortuguese } from './tenant-file-issues-pt-br.js';
import type { TenantFile } from './tenant-file-schema.js';
import { writeTenantFile } from './write-tenant-file.js';

/** Who saved a change: a console account or the tenant's API key (CONTRACT: the key acts as the owner). */
export type SettingsActor = { kind: 'staff_account'; staffAccountId: number } | { kind: 'api_key'; apiKeyId: number };

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
  | { kind: 'saved'; file: TenantFile; key: string | null; id: number | null }
  | { kind: 'invalid'; problems: SettingsProblem[] }
  | { kind: 'not_found' }
  | { kind: 'last_service' }
  | { kind: 'last_professional' }
  | { kind: 'future_appointments'; appointments: FutureAppointment[] };

export interface ChangeTenantSettingsRequest {
  tenantId: number;
  actor: SettingsActor;
  /** the change; services and professionals named by id (another tenant's ids are not found) */
  change:
    | Extract<SettingsChange, { kind: 'settings' | 'add_service' | 'add_professional' }>
    | { kind: 'edit_service'; serviceId: number; fields: Record<string, unknown> }
    | { kind: 'edit_professional'; professionalId: number; fields: Record<string, unknown> };
  now: Date;
}

/**
 * Saves one change to the salon through the tenant file: in one transaction (a lock per tenant
 * held, so two owners saving at once are applied one after the other) the current data is
 * exported, the change merged in, the whole file validated exactly as `npm run tenant -- import`
 * validates it, and written by the import's own writer; the change is recorded with its actor.
 * A refusal writes nothing: every problem named in pt-BR at its field, or the last service or
 * professional kept, or a professional's future appointments listed for the owner to move first.
 * Reads after the commit (the bot's next `buscar_horarios`) see the change: nothing is cached.
 */
export async function changeTenantSettings(db: Db, request: ChangeTenantSettingsRequest): Promise<SettingsOutcome> {
  const { tenantId } = request;
  return inTransaction(
    db,
    async (tx): Promise<SettingsOutcome> => {
      await lockTenantSettings(tx, tenantId);
      const current = await exportTenantFile(tx, tenantId);
      if (!current) return { kind: 'not_found' };
      const change = await byKey(tx, tenantId, request.change);
      if (!change) return { kind: 'not_found' };
      const applied = applySettingsChange(current, change, await takenKeys(tx, tenantId));
      if (!applied) return { kind: 'not_found' };
      if (applied.retired) {
        const blocked = await retirementBlock(tx, request, applied, change.kind);
        if (blocked) return blocked;
      }
      const validated = validateTenantFile(applied.file);
      const problems = [
        ...applied.refusals.map((refusal) => ({ path: bodyPath(refusal.path), message: refusal.message })),
        ...(validated.ok ? [] : validated.issues.map((issue) => problemOf(applied, issue.path, tenantFileIssueInPortuguese(issue)))),
      ];
      if (!validated.ok || problems.length > 0) return { kind: 'invalid', problems };
      await writeTenantFile(tx, validated.file, { kind: 'keep' }, tenantId);
      await tx.settingsChange.create({
        data: {
          tenantId,
          ...actorColumns(request.actor),
          change: changeName(change.kind, applied.retired),
          targetKey: applied.key,
          details: JSON.parse(JSON.stringify(change.fields)) as object,
        },
      });
      return { kind: 'saved', file: validated.file, key: applied.key, id: await idOf(tx, tenantId, change.kind, applied.key) };
    },
    { timeout: 30_000 },
  );
}

/** The request's ids as the file's keys (active rows of this tenant only). */
async function byKey(tx: Tx, tenantId: number, change: ChangeTenantSettingsRequest['change']): Promise<SettingsChange | null> {
  if (change.kind === 'edit_service') {
    const service = await tx.service.findFirst({ where: { id: change.serviceId, tenantId, active: true }, select: { key: true } });
    return service ? { kind: 'edit_service', key: service.key, fields: change.fields } : null;
  }
  if (change.kind === 'edit_professional') {
    const professional = await tx.professional.findFirst({
      where: { id: change.professionalId, tenantId, active: true },
      select: { key: true },
    });
    return professional ? { kind: 'edit_professional', key: professional.key, fields: change.fields } : null;
  }
  return change;
}

async function takenKeys(tx: Tx, tenantId: number) {
  const services = await tx.service.findMany({ where: { tenantId }, select: { key: true } });
  const professionals = await tx.professional.findMany({ where: { tenantId }, select: { key: true } });
  return { services: new Set(services.map((row) => row.key)), professionals: new Set(professionals.map((row) => row.key)) };
}

/** Why a retirement cannot go through, or null: the salon keeps one service and one professional; a professional's future appointments go first. */
async function retirementBlock(
  tx: Tx,
  request: ChangeTenantSettingsRequest,
  applied: AppliedChange,
  kind: SettingsChange['kind'],
): Promise<SettingsOutcome | null> {
  const file = applied.file as { services: unknown[]; professionals: unknown[] };
  if (kind === 'edit_service') return file.services.length === 0 ? { kind: 'last_service' } : null;
  if (file.professionals.length === 0) return { kind: 'last_professional' };
  if (request.change.kind !== 'edit_professional') return null;
  const appointments = await tx.appointment.findMany({
    where: {
      tenantId: request.tenantId,
      professionalId: request.change.professionalId,
      status: { in: [...UPCOMING_STATUSES] },
      endsAt: { gt: request.now },
    },
    orderBy: { startsAt: 'asc' },
    select: {
      id: true,
      startsAt: true,
      endsAt: true,
      service: { select: { id: true, name: true } },
      customer: { select: { id: true, name: true } },
    },
  });
  return appointments.length > 0 ? { kind: 'future_appointments', appointments } : null;
}

function problemOf(applied: AppliedChange, path: readonly PropertyKey[], message: string): SettingsProblem {
  const inScope = applied.scope.every((segment, index) => path[index] === segment);
  if (inScope) return { path: bodyPath(path.slice(applied.scope.length)), message };
  return { path: filePath(applied.file, path), message };
}

function bodyPath(path: readonly PropertyKey[]): string {
  return ['body', ...path.map(String)].join('.');
}

/** A path outside what was sent, with services and professionals named by key (`professionals.ana.services`). */
function filePath(file: Record<string, unknown>, path: readonly PropertyKey[]): string {
  const [list, index, ...rest] = path;
  if ((list === 'services' || list === 'professionals') && typeof index === 'number') {
    const entry = (file[list] as { key?: unknown }[] | undefined)?.[index];
    if (typeof entry?.key === 'string') return [list, entry.key, ...rest.map(String)].join('.');
  }
  return path.map(String).join('.');
}

function actorColumns(actor: SettingsActor): { actorKind: string; actorId: number } {
  return actor.kind === 'staff_account'
    ? { actorKind: 'staff_account', actorId: actor.staffAccountId }
    : { actorKind: 'api_key', actorId: actor.apiKeyId };
}

function changeName(kind: SettingsChange['kind'], retired: boolean): string {
  switch (kind) {
    case 'settings':
      return 'settings';
    case 'add_service':
      return 'service_added';
    case 'add_professional':
      return 'professional_added';
    case 'edit_service':
      return retired ? 'service_retired' : 'service_changed';
    case 'edit_professional':
      return retired ? 'professional_retired' : 'professional_changed';
  }
}

async function idOf(tx: Tx, tenantId: number, kind: SettingsChange['kind'], key: string | null): Promise<number | null> {
  if (key === null) return null;
  const where = { tenantId_key: { tenantId, key } };
  const row =
    kind === 'add_service' || kind === 'edit_service'
      ? await tx.service.findUnique({ where, select: { id: true } })
      : await tx.professional.findUnique({ where, select: { id: true } });
  return row?.id ?? null;
}
