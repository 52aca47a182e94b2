import { Prisma, type Queryable, type SqlReads } from '../../db/index.js';
import { addDays, localInstant } from '../../shared/index.js';
import { type AppointmentSource, type AppointmentStatus, toAppointmentSource, toAppointmentStatus } from '../appointments/index.js';
import { type ClosedDay, closedDayList } from './list-closed-days.js';

/** An appointment as the staff agenda shows it (times are instants; the route formats them). */
export interface AgendaAppointment {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: AppointmentStatus;
  source: AppointmentSource;
  professional: { id: number; name: string };
  service: { id: number; name: string };
  customer: { id: number; name: string | null; waId: string };
  /** the appointment this row replaced (a move made before moves kept the id) */
  rescheduledFromId: number | null;
  /** set on the cancelled row such an older move left behind: the row it became */
  rescheduledToId: number | null;
  /** when it was last moved (same id), null if never */
  rescheduledAt: Date | null;
  /** the visit it belongs to (several services booked together), null for one service */
  visitId: number | null;
  /** its price at booking, cents; null without one */
  priceCents: number | null;
  /** the deposit it waited for (its `deposits` row), null when it needed none */
  deposit?: { status: string; amountCents: number } | null;
}

interface AgendaRow {
  id: number;
  starts_at: Date;
  ends_at: Date;
  status: string;
  source: string;
  professional_id: number;
  professional_name: string;
  service_id: number;
  service_name: string;
  customer_id: number;
  customer_name: string | null;
  customer_wa_id: string;
  rescheduled_from_id: number | null;
  rescheduled_to_id: number | null;
  rescheduled_at: Date | null;
  visit_id: number | null;
  price_cents: number | null;
  deposit_status: string | null;
  deposit_cents: number | null;
}

/**
 * The columns of an `AgendaRow`, over an appointment aliased `a` and AGENDA_JOINS: the one list
 * every agenda read selects (day and range listings, one appointment, a block's overlapping ones).
 * `rescheduled_to_id` is looked up for cancelled rows only (by the unique `rescheduled_from_id`
 * index): only a cancelled row an older move left behind has a successor.
 */
const AGENDA_COLUMNS = Prisma.sql`a.id, a.starts_at, a.ends_at, a.status, a.source,
       p.id AS professional_id, p.name AS professional_name, s.id AS service_id, s.name AS service_name,
       c.id AS customer_id, c.name AS customer_name, c.wa_id AS customer_wa_id,
       a.rescheduled_from_id,
       CASE WHEN a.status = 'cancelled' THEN (SELECT n.id FROM appointments n WHERE n.rescheduled_from_id = a.id) END AS rescheduled_to_id,
       a.rescheduled_at, a.visit_id, a.price_cents, d.status AS deposit_status, d.amount_cents AS deposit_cents`;

/** The names and the deposit AGENDA_COLUMNS reads (left joins: a day listing's `a` may be the tenant's row alone). */
const AGENDA_JOINS = Prisma.sql`LEFT JOIN professionals p ON p.id = a.professional_id
      LEFT JOIN services s ON s.id = a.service_id
      LEFT JOIN customers c ON c.id = a.customer_id
      LEFT JOIN deposits d ON d.appointment_id = a.id`;

/** The most appointments one day's agenda returns (a salon has far fewer; the bound keeps it cheap). */
export const AGENDA_DAY_LIMIT = 1000;

/** The most local days one listing covers (a month view). */
export const AGENDA_RANGE_MAX_DAYS = 31;

/** The most appointments a range listing returns. */
export const AGENDA_RANGE_LIMIT = 5000;

/** A listing of the agenda: its appointments and the tenant's closed days (holidays) among its dates. */
export interface AgendaListing {
  items: AgendaAppointment[];
  /** soonest first; [] when every date is open */
  closedDays: ClosedDay[];
}

/**
 * The tenant's appointments starting on one local date (every status), optionally of one
 * professional, ordered by start then id, at most `AGENDA_DAY_LIMIT`, with the date's closed
 * day if it is one. One indexed query
 * (`appointments (tenant_id, starts_at)` or `(professional_id, starts_at)`) joining the names;
 * a moved appointment says when it was moved (`rescheduledAt`); a cancelled row an older move
 * left behind names its successor (`rescheduledToId`, by the unique `rescheduled_from_id` index;
 * looked up for cancelled rows only).
 */
export function listDayAgenda(
  sql: SqlReads,
  query: { tenantId: number; timezone: string; date: string; professionalId?: number | null },
): Promise<AgendaListing> {
  return listAgendaRange(sql, { ...query, fromDate: query.date, toDate: query.date, limit: AGENDA_DAY_LIMIT });
}

/**
 * The same listing for the local dates `fromDate` to `toDate` (both included; the caller
 * bounds the range to AGENDA_RANGE_MAX_DAYS), at most `limit` rows (AGENDA_RANGE_LIMIT).
 * Read with plain SQL (db/sql-reads.ts): every listing the console draws pays it.
 */
export async function listAgendaRange(
  sql: SqlReads,
  query: { tenantId: number; timezone: string; fromDate: string; toDate: string; professionalId?: number | null; limit?: number },
): Promise<AgendaListing> {
  const from = new Date(localInstant(query.fromDate, 0, query.timezone));
  const to = new Date(localInstant(addDays(query.toDate, 1), 0, query.timezone));
  const professionalId = query.professionalId ?? null;
  const limit = query.limit ?? AGENDA_RANGE_LIMIT;
  // One round trip: the tenant's row (its holidays: the closed days) with its appointments joined
  // to their names as plain rows (a day without any is the tenant's row alone). Plain rows, not one
  // json_agg value: building and decoding the aggregate cost more than the rows themselves.
  // The salon's listing and one professional's are two texts, not one `($n IS NULL OR …)`: each
  // keeps the plan of its own index once prepared (a generic plan for both fits only one).
  const ofProfessional = professionalId === null ? Prisma.empty : Prisma.sql`AND professional_id = ${professionalId}::int`;
  const rows = await sql.rows<Omit<AgendaRow, 'id'> & { id: number | null; holidays: unknown }>(Prisma.sql`
    SELECT t.holidays, ${AGENDA_COLUMNS}
      FROM tenants t
      LEFT JOIN LATERAL (
             SELECT id, starts_at, ends_at, status, source, professional_id, service_id, customer_id,
                    rescheduled_from_id, rescheduled_at, visit_id, price_cents
               FROM appointments
              WHERE tenant_id = ${query.tenantId}::int AND starts_at >= ${from} AND starts_at < ${to}
                ${ofProfessional}
              ORDER BY starts_at, id
              LIMIT ${limit}::int) a ON true
      ${AGENDA_JOINS}
     WHERE t.id = ${query.tenantId}::int`);
  const items: AgendaAppointment[] = [];
  for (const row of rows) if (row.id !== null) items.push(toAgendaAppointment(row as AgendaRow));
  // Ordered here, not by a second sort on the server: the lateral's rows come ordered, and
  // sorting rows already in order is one pass.
  items.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id);
  return { items, closedDays: closedDayList(rows[0]?.holidays ?? null, query.fromDate, query.toDate) };
}

/** One of the tenant's appointments (any status), or null for an unknown or another tenant's id. */
export async function findAgendaAppointment(db: Queryable, tenantId: number, appointmentId: number): Promise<AgendaAppointment | null> {
  const rows = await db.$queryRaw<AgendaRow[]>`
    SELECT ${AGENDA_COLUMNS}
      FROM appointments a
      ${AGENDA_JOINS}
     WHERE a.id = ${appointmentId}::int AND a.tenant_id = ${tenantId}::int`;
  const row = rows[0];
  return row ? toAgendaAppointment(row) : null;
}

/** Appointments (not cancelled) of a professional overlapping [from, to), by start. */
export async function listOverlappingAppointments(
  db: Queryable,
  query: { tenantId: number; professionalId: number; from: Date; to: Date },
): Promise<AgendaAppointment[]> {
  const rows = await db.$queryRaw<AgendaRow[]>`
    SELECT ${AGENDA_COLUMNS}
      FROM appointments a
      ${AGENDA_JOINS}
     WHERE a.tenant_id = ${query.tenantId}::int AND a.professional_id = ${query.professionalId}::int AND a.status NOT IN ('cancelled', 'expired')
       AND tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(${query.from}::timestamptz, ${query.to}::timestamptz, '[)')
     ORDER BY a.starts_at, a.id
     LIMIT ${AGENDA_DAY_LIMIT}`;
  return rows.map(toAgendaAppointment);
}

function toAgendaAppointment(row: AgendaRow): AgendaAppointment {
  return {
    id: row.id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    status: toAppointmentStatus(row.status),
    source: toAppointmentSource(row.source),
    professional: { id: row.professional_id, name: row.professional_name },
    service: { id: row.service_id, name: row.service_name },
    customer: { id: row.customer_id, name: row.customer_name, waId: row.customer_wa_id },
    rescheduledFromId: row.rescheduled_from_id,
    rescheduledToId: row.rescheduled_to_id,
    rescheduledAt: row.rescheduled_at,
    visitId: row.visit_id,
    priceCents: row.price_cents,
    deposit:
      row.deposit_status != null && row.deposit_cents != null ? { status: row.deposit_status, amountCents: row.deposit_cents } : null,
  };
}
