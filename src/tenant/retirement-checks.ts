import type { Tx } from '../db/index.js';
import { UPCOMING_STATUSES } from '../scheduling/appointments/index.js';
import type { AppliedChange, SettingsChange } from './apply-settings-change.js';
import type { ChangeTenantSettingsRequest, SettingsOutcome, SettingsProblem } from './settings-outcome.js';
import type { TenantFile } from './tenant-file-schema.js';

/** Why a retirement cannot go through, or null: the salon keeps one service and one professional; a professional's future appointments go first. */
export async function retirementBlock(
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
export async function retiredWithAppointmentsAhead(
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
