import type { Queryable } from '../../db/index.js';
import type { OutboundReply } from '../../shared/index.js';
import { type ConfirmedChange, readConfirmedChanges, type ScheduleChangeRef } from './confirmed-writes.js';
import { formatDayTime } from './format-day-time.js';

/** What a receipt says, field by field (for callers that want the parts, e.g. a template). */
export interface Receipt {
  kind: ConfirmedChange['kind'];
  appointmentId: number;
  service: string;
  professional: string;
  /** "qua 02/12 às 15:30" */
  when: string;
  /** a reschedule's old time */
  previousWhen?: string;
  business: string;
  text: string;
}

const TITLES = {
  booked: '✅ *Agendamento confirmado*',
  cancelled: '❌ *Agendamento cancelado*',
  rescheduled: '🔁 *Agendamento remarcado*',
};

/**
 * The pt-BR receipt of one confirmed change, built only from the database rows (service,
 * professional, local day and time, the business's name and info): what the customer can
 * trust, whoever made the change (the agent, the offline assistant, staff, a reminder
 * button). Null when the row no longer says what the receipt would: a booking that is not
 * booked any more (cancelled later in the same turn) gets no "confirmed" receipt.
 */
export function receiptOf(change: ConfirmedChange, business: { name: string; businessInfo: string }): Receipt | null {
  const { appointment, previous } = change;
  const stillTrue = change.kind === 'cancelled' ? appointment.status === 'cancelled' : appointment.status === 'booked';
  if (!stillTrue) return null;
  const service = appointment.service.name;
  const professional = appointment.professional.name;
  const when = formatDayTime(appointment.startsAt.getTime(), appointment.timezone);
  const previousWhen =
    change.kind === 'rescheduled' && previous ? formatDayTime(previous.startsAt.getTime(), previous.timezone) : undefined;
  const info = business.businessInfo.trim();
  const lines = [
    TITLES[change.kind],
    `${service} com ${professional}`,
    ...(previousWhen ? [`De: ${previousWhen}`, `Para: ${when}`] : [when]),
    info ? `${business.name} · ${info}` : business.name,
  ];
  return {
    kind: change.kind,
    appointmentId: appointment.id,
    service,
    professional,
    when,
    ...(previousWhen ? { previousWhen } : {}),
    business: business.name,
    text: lines.join('\n'),
  };
}

/**
 * The receipts of a turn's confirmed changes, in order, as replies for the outbox: each
 * ref is re-read from the database (tenant- and customer-scoped). A ref whose row is gone,
 * belongs to someone else or no longer says the same thing yields nothing.
 */
export async function buildReceipts(
  db: Queryable,
  scope: { tenantId: number; customerId: number },
  refs: readonly ScheduleChangeRef[],
): Promise<OutboundReply[]> {
  if (refs.length === 0) return [];
  // One query after another: `db` may be a transaction client, which runs one query at a time.
  const changes = await readConfirmedChanges(db, scope, refs);
  const business = await db.tenant.findUniqueOrThrow({ where: { id: scope.tenantId }, select: { name: true, businessInfo: true } });
  return changes.flatMap((change) => {
    const receipt = receiptOf(change, business);
    return receipt ? [{ type: 'text' as const, text: receipt.text }] : [];
  });
}
