import type { Queryable } from '../../db/index.js';

/** The most appointments a customer record lists (latest first). */
export const CUSTOMER_RECORD_APPOINTMENTS = 200;

export interface CustomerRecordAppointment {
  id: number;
  startsAt: Date;
  endsAt: Date;
  /** the row's status as stored (the edge maps it with toAppointmentStatus) */
  status: string;
  source: string;
  professional: { id: number; name: string };
  service: { id: number; name: string };
  /** set on the row an older move left behind (moves now keep the id): the appointment it became */
  rescheduledToId: number | null;
  /** when it was last moved (same id), null if never */
  rescheduledAt: Date | null;
}

export interface CustomerRecord {
  id: number;
  name: string | null;
  waId: string | null;
  username: string | null;
  notes: string | null;
  /** appointments recorded as `no_show` */
  noShows: number;
  appointments: CustomerRecordAppointment[];
  conversations: { id: number; lastInboundAt: Date | null; updatedAt: Date }[];
}

/**
 * One customer of the tenant as the front desk sees them: name, phone, staff's notes, their
 * appointments (every status, latest first, at most CUSTOMER_RECORD_APPOINTMENTS) with the
 * no-show count over all of them, and their conversations. Null for an unknown id or another
 * tenant's customer.
 */
export async function loadCustomerRecord(db: Queryable, request: { tenantId: number; customerId: number }): Promise<CustomerRecord | null> {
  const customer = await db.customer.findFirst({
    where: { id: request.customerId, tenantId: request.tenantId },
    select: {
      id: true,
      name: true,
      waId: true,
      username: true,
      notes: true,
    },
  });
  if (!customer) return null;
  const scope = { tenantId: request.tenantId, customerId: customer.id };
  const [rows, noShows, conversations] = await Promise.all([
    db.appointment.findMany({
      where: scope,
      orderBy: [{ startsAt: 'desc' }, { id: 'desc' }],
      take: CUSTOMER_RECORD_APPOINTMENTS,
      select: {
        id: true,
        startsAt: true,
        endsAt: true,
        status: true,
        source: true,
        rescheduledAt: true,
        professional: { select: { id: true, name: true } },
        service: { select: { id: true, name: true } },
      },
    }),
    db.appointment.count({ where: { ...scope, status: 'no_show' } }),
    db.conversation.findMany({
      where: scope,
      orderBy: { updatedAt: 'desc' },
      select: { id: true, lastInboundAt: true, updatedAt: true },
    }),
  ]);
  // The rows older moves left behind (before moves kept the id): each names the appointment it became.
  const successors = await db.appointment.findMany({
    where: { tenantId: request.tenantId, rescheduledFromId: { in: rows.map((row) => row.id) } },
    select: { id: true, rescheduledFromId: true },
  });
  const successorOf = new Map(successors.map((row) => [row.rescheduledFromId, row.id]));
  return {
    ...customer,
    noShows,
    conversations,
    appointments: rows.map((row) => ({ ...row, rescheduledToId: successorOf.get(row.id) ?? null })),
  };
}
