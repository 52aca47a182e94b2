import { type Db, inTransaction, type Tx } from '../db/index.js';
import { UPCOMING_STATUSES } from '../scheduling/appointments/index.js';
import { type AppliedChange, applySettingsChange, type SettingsChange } from './apply-settings-change.js';
import { describeTenantFileChanges, type TenantFileChange } from './describe-tenant-file-changes.js';
import { exportTenantFile } from './export-tenant-file.js';
import { lockTenantSettings } from './lock-tenant-settings.js';
import { validateTenantFile } from './parse-tenant-file.js';
import { recordSettingsChange, type SettingsActor } from './record-settings-change.js';
import { tenantFileIssueInPortuguese } from './tenant-file-issues-pt-br.js';
import type { TenantFile } from './tenant-file-schema.js';
import { writeTenantFile } from './write-tenant-file.js';

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

/**
 * Saves one change to the salon through the tenant file: in one transaction (a lock per tenant
 * held, so two owners saving at once are applied one after the other) the current data is
 * exported, the change merged in, the whole file validated exactly as `npm run tenant -- import`
 * validates it, and written by the import's own writer; the change is recorded with its actor.
 * A refusal writes nothing: every problem named in pt-BR at its field, or the last service or
 * professional kept, a resource services still need kept, or a professional's future appointments
 * listed for the owner to move first. An uploaded file (`import_file`) is named by its own paths
 * (`services.corte.durationMinutes`) and answers what it changed (`changes`).
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
      const imported = change.kind === 'import_file';
      const validated = validateTenantFile(applied.file);
      const problems = [
        ...applied.refusals.map((refusal) => ({
          path: imported ? filePath(applied.file, refusal.path) : bodyPath(refusal.path),
          message: refusal.message,
        })),
        ...(validated.ok
          ? []
          : validated.issues.map((issue) => problemOf(applied, issue.path, tenantFileIssueInPortuguese(issue), imported))),
        ...(imported && validated.ok ? await retiredWithAppointmentsAhead(tx, tenantId, current, validated.file, request.now) : []),
      ];
      if (!validated.ok || problems.length > 0) return { kind: 'invalid', problems };
      await writeTenantFile(tx, validated.file, { kind: 'keep' }, tenantId);
      const changes = imported ? describeTenantFileChanges(current, (await exportTenantFile(tx, tenantId))!) : null;
      await recordSettingsChange(tx, tenantId, request.actor, {
        change: changeName(change.kind, applied.retired),
        targetKey: applied.key,
        details: changes ? { changes } : change.fields,
      });
      const id = await idOf(tx, tenantId, change.kind, applied.key);
      return { kind: 'saved', file: validated.file, key: applied.key, id, changes };
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
  if (change.kind === 'edit_resource') {
    const resource = await tx.resource.findFirst({ where: { id: change.resourceId, tenantId, active: true }, select: { key: true } });
    return resource ? { kind: 'edit_resource', key: resource.key, fields: change.fields } : null;
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
  const resources = await tx.resource.findMany({ where: { tenantId }, select: { key: true } });
  return {
    services: new Set(services.map((row) => row.key)),
    professionals: new Set(professionals.map((row) => row.key)),
    resources: new Set(resources.map((row) => row.key)),
  };
}

/** Why a retirement cannot go through, or null: the salon keeps one service and one professional; a professional's future appointments go first. */
async function retirementBlock(
  tx: Tx,
  request: ChangeTenantSettingsRequest,
  applied: AppliedChange,
  kind: SettingsChange['kind'],
): Promise<SettingsOutcome | null> {
  const file = applied.file as { services: { key: string; name: string; resources?: string[] }[]; professionals: unknown[] };
  if (kind === 'edit_resource') {
    const users = file.services.filter((service) => service.resources?.includes(applied.key ?? ''));
    return users.length > 0 ? { kind: 'resource_in_use', services: users.map(({ key, name }) => ({ key, name })) } : null;
  }
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
    select: { id: true, startsAt: true, endsAt: true, serviceId: true, customerId: true },
  });
  if (appointments.length === 0) return null;
  // Services and customers read one query after the other: relations of one select go out at
  // once, and on the transaction's single connection node-postgres only queues them (and warns).
  const services = await tx.service.findMany({
    where: { tenantId: request.tenantId, id: { in: appointments.map((row) => row.serviceId) } },
    select: { id: true, name: true },
  });
  const customers = await tx.customer.findMany({
    where: { tenantId: request.tenantId, id: { in: appointments.map((row) => row.customerId) } },
    select: { id: true, name: true },
  });
  return {
    kind: 'future_appointments',
    appointments: appointments.map(({ serviceId, customerId, ...appointment }) => ({
      ...appointment,
      service: services.find((service) => service.id === serviceId)!,
      customer: customers.find((customer) => customer.id === customerId)!,
    })),
  };
}

/**
 * Professionals an uploaded file leaves out who still have appointments ahead: like retiring one
 * in the console, those go first (named at `professionals.<key>`).
 */
async function retiredWithAppointmentsAhead(
  tx: Tx,
  tenantId: number,
  current: TenantFile,
  file: TenantFile,
  now: Date,
): Promise<SettingsProblem[]> {
  const kept = new Set(file.professionals.map((professional) => professional.key));
  const leaving = current.professionals.filter((professional) => !kept.has(professional.key));
  if (leaving.length === 0) return [];
  const rows = await tx.professional.findMany({
    where: { tenantId, active: true, key: { in: leaving.map((professional) => professional.key) } },
    select: { id: true, key: true, name: true },
  });
  const ahead = await tx.appointment.groupBy({
    by: ['professionalId'],
    where: { tenantId, professionalId: { in: rows.map((row) => row.id) }, status: { in: [...UPCOMING_STATUSES] }, endsAt: { gt: now } },
    _count: { _all: true },
  });
  return rows.flatMap((row): SettingsProblem[] => {
    const count = ahead.find((entry) => entry.professionalId === row.id)?._count._all ?? 0;
    if (count === 0) return [];
    const marked = count === 1 ? '1 horário marcado' : `${count} horários marcados`;
    return [{ path: `professionals.${row.key}`, message: `${row.name} sai do arquivo mas ainda tem ${marked}: remarque ou cancele antes` }];
  });
}

function problemOf(applied: AppliedChange, path: readonly PropertyKey[], message: string, imported: boolean): SettingsProblem {
  if (imported) return { path: filePath(applied.file, path), message };
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
  if (path.length === 0) return '(arquivo)';
  if ((list === 'services' || list === 'professionals' || list === 'resources') && typeof index === 'number') {
    const entry = (file[list] as { key?: unknown }[] | undefined)?.[index];
    if (typeof entry?.key === 'string') return [list, entry.key, ...rest.map(String)].join('.');
  }
  return path.map(String).join('.');
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
    case 'add_resource':
      return 'resource_added';
    case 'edit_resource':
      return retired ? 'resource_retired' : 'resource_changed';
    case 'import_file':
      return 'file_imported';
  }
}

async function idOf(tx: Tx, tenantId: number, kind: SettingsChange['kind'], key: string | null): Promise<number | null> {
  if (key === null) return null;
  const where = { tenantId_key: { tenantId, key } };
  const row =
    kind === 'add_service' || kind === 'edit_service'
      ? await tx.service.findUnique({ where, select: { id: true } })
      : kind === 'add_resource' || kind === 'edit_resource'
        ? await tx.resource.findUnique({ where, select: { id: true } })
        : await tx.professional.findUnique({ where, select: { id: true } });
  return row?.id ?? null;
}
