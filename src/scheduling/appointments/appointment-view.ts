import type { Prisma, Queryable } from '../../db/index.js';
import { localDateOf, localTimeOf } from '../../shared/index.js';
import type { ServiceInfo } from '../catalog/index.js';
import { type AppointmentSource, type AppointmentStatus, toAppointmentSource, toAppointmentStatus } from './appointment-status.js';

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
  /** the visit it belongs to (several services booked together), null for one service */
  visitId: number | null;
  /** its price at booking (cents), null when the catalogue had none */
  priceCents: number | null;
}

export const appointmentViewSelect = {
  id: true,
  tenantId: true,
  customerId: true,
  status: true,
  source: true,
  startsAt: true,
  endsAt: true,
  visitId: true,
  priceCents: true,
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
    visitId: row.visitId,
    priceCents: row.priceCents,
  };
}

/**
 * The customer's own appointment, or null. Scoped by tenant AND customer in the query, so
 * another customer's or tenant's id is indistinguishable from a missing one.
 */
export function findCustomerAppointment(
  db: Queryable,
  scope: { tenantId: number; customerId: number; appointmentId: number },
): Promise<AppointmentView | null> {
  return findAppointment(db, scope);
}

/**
 * The appointment a request with this idempotency key created earlier (a tool_use id, a menu
 * step key, a staff request key) in this tenant, or null. One found under another customer
 * than the one the request is scoped to is a wiring bug (keys are unique per call), reported
 * as an internal error rather than leaked; another tenant's key reads as none, and its insert
 * then fails on the unique key.
 */
export async function findAppointmentByKey(
  db: Queryable,
  scope: { tenantId: number; customerId?: number | undefined; idempotencyKey: string },
): Promise<AppointmentView | null> {
  const row = await db.appointment.findFirst({
    where: { tenantId: scope.tenantId, idempotencyKey: scope.idempotencyKey },
    select: appointmentViewSelect,
  });
  if (!row) return null;
  if (scope.customerId !== undefined && row.customerId !== scope.customerId) {
    throw new Error('idempotency key already used by another customer');
  }
  return toAppointmentView(row);
}

/** One of the tenant's appointments (any status), scoped to one customer when `customerId` is given; null otherwise. */
export async function findAppointment(
  db: Queryable,
  scope: { tenantId: number; customerId?: number | undefined; appointmentId: number },
): Promise<AppointmentView | null> {
  const row = await db.appointment.findFirst({
    where: {
      id: scope.appointmentId,
      tenantId: scope.tenantId,
      ...(scope.customerId === undefined ? {} : { customerId: scope.customerId }),
    },
    select: appointmentViewSelect,
  });
  return row ? toAppointmentView(row) : null;
}

/** An appointment's local date and times, as claim checks compare them. */
export function localSlotOf(appointment: AppointmentView): { date: string; start: string; end: string } {
  return {
    date: localDateOf(appointment.startsAt.getTime(), appointment.timezone),
    start: localTimeOf(appointment.startsAt.getTime(), appointment.timezone),
    end: localTimeOf(appointment.endsAt.getTime(), appointment.timezone),
  };
}

/** Every row of a visit (any status), in order of start; tenant-scoped, and customer-scoped when given. */
export async function findVisitAppointments(
  db: Queryable,
  scope: { tenantId: number; customerId?: number | undefined; visitId: number },
): Promise<AppointmentView[]> {
  const rows = await db.appointment.findMany({
    where: {
      tenantId: scope.tenantId,
      visitId: scope.visitId,
      ...(scope.customerId === undefined ? {} : { customerId: scope.customerId }),
    },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    select: appointmentViewSelect,
  });
  return rows.map(toAppointmentView);
}
