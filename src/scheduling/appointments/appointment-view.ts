import { Prisma, type Queryable } from '../../db/index.js';
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

interface AppointmentViewSqlRow {
  id: number;
  tenant_id: number;
  customer_id: number;
  status: string;
  source: string;
  starts_at: Date;
  ends_at: Date;
  visit_id: number | null;
  price_cents: number | null;
  professional_id: number;
  professional_name: string;
  service_id: number;
  service_name: string;
  service_duration_minutes: number;
  timezone: string;
  cancel_notice_minutes: number;
}

/**
 * The appointments `where` picks (a condition on `a`, the appointments table), as views, in
 * ONE statement: through the ORM, a view's three relations (professional, service, tenant) were a
 * read each, so every view cost four round trips. `tail` orders and limits.
 */
export async function queryAppointmentViews(db: Queryable, where: Prisma.Sql, tail: Prisma.Sql = Prisma.empty): Promise<AppointmentView[]> {
  const rows = await db.$queryRaw<AppointmentViewSqlRow[]>`
    SELECT a.id, a.tenant_id, a.customer_id, a.status, a.source, a.starts_at, a.ends_at, a.visit_id, a.price_cents,
           p.id AS professional_id, p.name AS professional_name,
           s.id AS service_id, s.name AS service_name, s.duration_minutes AS service_duration_minutes,
           t.timezone, t.cancel_notice_minutes
    FROM appointments a
    JOIN professionals p ON p.id = a.professional_id
    JOIN services s ON s.id = a.service_id
    JOIN tenants t ON t.id = a.tenant_id
    WHERE ${where}
    ${tail}`;
  return rows.map((row) => ({
    id: row.id,
    tenantId: row.tenant_id,
    customerId: row.customer_id,
    status: toAppointmentStatus(row.status),
    source: toAppointmentSource(row.source),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    professional: { id: row.professional_id, name: row.professional_name },
    service: { id: row.service_id, name: row.service_name, durationMinutes: row.service_duration_minutes },
    timezone: row.timezone,
    cancelNoticeMinutes: row.cancel_notice_minutes,
    visitId: row.visit_id,
    priceCents: row.price_cents,
  }));
}

const customerCondition = (customerId: number | undefined) =>
  customerId === undefined ? Prisma.empty : Prisma.sql`AND a.customer_id = ${customerId}`;

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
  const [row] = await queryAppointmentViews(
    db,
    Prisma.sql`a.tenant_id = ${scope.tenantId} AND a.idempotency_key = ${scope.idempotencyKey}`,
    Prisma.sql`LIMIT 1`,
  );
  if (!row) return null;
  if (scope.customerId !== undefined && row.customerId !== scope.customerId) {
    throw new Error('idempotency key already used by another customer');
  }
  return row;
}

/** One of the tenant's appointments (any status), scoped to one customer when `customerId` is given; null otherwise. */
export async function findAppointment(
  db: Queryable,
  scope: { tenantId: number; customerId?: number | undefined; appointmentId: number },
): Promise<AppointmentView | null> {
  const [row] = await queryAppointmentViews(
    db,
    Prisma.sql`a.id = ${scope.appointmentId} AND a.tenant_id = ${scope.tenantId} ${customerCondition(scope.customerId)}`,
  );
  return row ?? null;
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
  return queryAppointmentViews(
    db,
    Prisma.sql`a.tenant_id = ${scope.tenantId} AND a.visit_id = ${scope.visitId} ${customerCondition(scope.customerId)}`,
    Prisma.sql`ORDER BY a.starts_at, a.id`,
  );
}
