import { type Db, inTransaction, type Tx } from '../db/index.js';
import { applySettingsChange, type SettingsChange } from './apply-settings-change.js';
import { describeTenantFileChanges } from './describe-tenant-file-changes.js';
import { exportTenantFile } from './export-tenant-file.js';
import { lockTenantSettings } from './lock-tenant-settings.js';
import { validateTenantFile } from './parse-tenant-file.js';
import { recordSettingsChange } from './record-settings-change.js';
import { retiredWithAppointmentsAhead, retirementBlock } from './retirement-checks.js';
import type { ChangeTenantSettingsRequest, SettingsOutcome } from './settings-outcome.js';
import { bodyPath, filePath, problemOf } from './settings-problem-paths.js';
import { tenantFileIssueInPortuguese } from './tenant-file-issues-pt-br.js';
import { writeTenantFile } from './write-tenant-file.js';

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
