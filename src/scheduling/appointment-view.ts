import type { Db, Prisma } from '../db/index.js';
import { type AppointmentSource, type AppointmentStatus, toAppointmentSource, toAppointmentStatus } from './appointment-status.js';
import type { ServiceInfo } from './load-schedule.js';

type Tx = Db | Prisma.TransactionClient;

/** An appointment with the names the model needs and the tenant's zone to show it in. */
export interface AppointmentView {
  id: number;
  tenantId: number;
  customerId: number;
  status: AppointmentStatus;
  source: AppointmentSource;
  startsAt: Date;
  endsAt: Date;
  professional: { id: number; name: string };
  service: ServiceInfo;
  timezone: string;
  cancelNoticeMinutes: number;
}

export const appointmentViewSelect = {
  id: true,
  tenantId: true,
  customerId: true,
  status: true,
  source: true,
  startsAt: true,
  endsAt: true,
  professional: { select: { id: true, name: true } },
  service: { select: { id: true, name: true, durationMinutes: true } },
  tenant: { select: { timezone: true, cancelNoticeMinutes: true } },
} satisfies Prisma.AppointmentSelect;

type AppointmentViewRow = Prisma.AppointmentGetPayload<{ select: typeof appointmentViewSelect }>;

/** A selected row as a plain view (status narrowed, tenant settings flattened). */
export function toAppointmentView(row: AppointmentViewRow): AppointmentView {
  return {
    id: row.id,
    tenantId: row.tenantId,
    customerId: row.customerId,
    status: toAppointmentStatus(row.status),
    source: toAppointmentSource(row.source),
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    professional: row.professional,
    service: row.service,
    timezone: row.tenant.timezone,
    cancelNoticeMinutes: row.tenant.cancelNoticeMinutes,
  };
}

/**
 * The customer's own appointment, or null. Scoped by tenant AND customer in the query, so
 * another customer's or tenant's id is indistinguishable from a missing one.
 */
export async function findCustomerAppointment(
  db: Tx,
  scope: { tenantId: number; customerId: number; appointmentId: number },
): Promise<AppointmentView | null> {
  const row = await db.appointment.findFirst({
    where: { id: scope.appointmentId, tenantId: scope.tenantId, customerId: scope.customerId },
    select: appointmentViewSelect,
  });
  return row ? toAppointmentView(row) : null;
}

/**
 * The appointment a tool call created earlier (idempotency key = tool_use id), or null.
 * A key found under another tenant or customer is a wiring bug (ids are unique per call),
 * reported as an internal error rather than leaked.
 */
export async function findAppointmentByKey(
  db: Tx,
  scope: { tenantId: number; customerId: number; idempotencyKey: string },
): Promise<AppointmentView | null> {
  const row = await db.appointment.findUnique({ where: { idempotencyKey: scope.idempotencyKey }, select: appointmentViewSelect });
  if (!row) return null;
  if (row.tenantId !== scope.tenantId || row.customerId !== scope.customerId) {
    throw new Error('idempotency key already used by another customer');
  }
  return toAppointmentView(row);
}
