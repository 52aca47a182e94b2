import type { Queryable } from '../../db/index.js';
import { formatBrl, type OutboundReply } from '../../shared/index.js';
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
  /** the price at booking, when the catalogue had one */
  priceCents?: number;
  /** the visit it belongs to (one receipt per visit) */
  visitId?: number;
  text: string;
}

/** The business as a receipt names it: its name and, when the tenant file gives one, its address. */
export interface ReceiptBusiness {
  name: string;
  /** "" when the tenant file has no `assistant.address`. */
  address: string;
}

/** One service of a receipt; its price only when the catalogue has one. */
export interface ReceiptItem {
  time: string;
  service: string;
  professional: string;
  priceCents?: number;
}

const TITLES = {
  booked: '✅ *Agendamento confirmado*',
  cancelled: '❌ *Agendamento cancelado*',
  rescheduled: '🔁 *Agendamento remarcado*',
};

const money = formatBrl;

/** "📍 Salão da Ana · Rua X, 10": the name once and the address once; never the free-text business information. */
const placeLine = (business: ReceiptBusiness) =>
  business.address.trim() ? `📍 ${business.name} · ${business.address.trim()}` : business.name;

/**
 * The text of a booking of several services on one day (a visit): the day, one line per
 * service with its time and professional (and price when known), the total when every
 * price is known, and the place once.
 */
export function visitReceiptText(day: string, items: readonly ReceiptItem[], business: ReceiptBusiness): string {
  const lines = items.map(
    (item) =>
      `• ${item.time} ${item.service} com ${item.professional}${item.priceCents === undefined ? '' : ` · ${money(item.priceCents)}`}`,
  );
  const prices = items.flatMap((item) => (item.priceCents === undefined ? [] : [item.priceCents]));
  const total = prices.length === items.length ? [`Total: ${money(prices.reduce((sum, cents) => sum + cents, 0))}`] : [];
  return [TITLES.booked, day, ...lines, ...total, placeLine(business)].join('\n');
}

/**
 * The text of a visit moved as a whole: where it was (its first service's old day and time),
 * the new day, one line per service with its new time and professional, and the place once.
 */
export function movedVisitReceiptText(previousWhen: string, day: string, items: readonly ReceiptItem[], business: ReceiptBusiness): string {
  const lines = items.map((item) => `• ${item.time} ${item.service} com ${item.professional}`);
  return [TITLES.rescheduled, `De: ${previousWhen}`, `Para: ${day}`, ...lines, placeLine(business)].join('\n');
}

/**
 * The pt-BR receipt of one confirmed change, built only from the database rows (service,
 * professional, local day and time, the business's name and address): what the customer can
 * trust, whoever made the change (the agent, the offline assistant, staff, a reminder
 * button). Null when the row no longer says what the receipt would: a booking that is not
 * booked any more (cancelled later in the same turn) gets no "confirmed" receipt.
 */
export function receiptOf(change: ConfirmedChange, business: ReceiptBusiness): Receipt | null {
  const { appointment, previous } = change;
  const stillTrue = change.kind === 'cancelled' ? appointment.status === 'cancelled' : appointment.status === 'booked';
  if (!stillTrue) return null;
  const service = appointment.service.name;
  const professional = appointment.professional.name;
  const when = formatDayTime(appointment.startsAt.getTime(), appointment.timezone);
  const previousWhen =
    change.kind === 'rescheduled' && previous ? formatDayTime(previous.startsAt.getTime(), previous.timezone) : undefined;
  const price = appointment.priceCents ?? undefined;
  const lines = [
    TITLES[change.kind],
    `${service} com ${professional}${change.kind === 'booked' && price !== undefined ? ` · ${money(price)}` : ''}`,
    ...(previousWhen ? [`De: ${previousWhen}`, `Para: ${when}`] : [when]),
    placeLine(business),
  ];
  return {
    kind: change.kind,
    appointmentId: appointment.id,
    service,
    professional,
    when,
    ...(previousWhen ? { previousWhen } : {}),
    business: business.name,
    ...(price !== undefined ? { priceCents: price } : {}),
    ...(appointment.visitId !== null ? { visitId: appointment.visitId } : {}),
    text: lines.join('\n'),
  };
}

/** "qua 02/12 às 15:30" → ["qua 02/12", "15:30"] */
const dayAndTime = (when: string) => {
  const at = when.lastIndexOf(' às ');
  return [when.slice(0, at), when.slice(at + 4)] as const;
};

/**
 * Bookings of one visit, or of one turn on the same day, become one receipt, and so do the
 * moved rows of one visit; everything else keeps its own.
 */
function groupVisits(receipts: Receipt[], business: ReceiptBusiness): string[] {
  const texts: string[] = [];
  for (let index = 0; index < receipts.length; ) {
    const first = receipts[index] as Receipt;
    const [day] = dayAndTime(first.when);
    let end = index + 1;
    const groups = first.kind === 'booked' || (first.kind === 'rescheduled' && first.visitId !== undefined);
    while (
      end < receipts.length &&
      groups &&
      receipts[end]?.kind === first.kind &&
      (first.visitId !== undefined ? receipts[end]?.visitId === first.visitId : dayAndTime(receipts[end]?.when ?? '')[0] === day)
    )
      end++;
    const group = receipts.slice(index, end);
    const itemsOf = (receipts: Receipt[]) =>
      receipts.map((receipt) => ({ time: dayAndTime(receipt.when)[1], service: receipt.service, professional: receipt.professional }));
    texts.push(
      group.length === 1
        ? first.text
        : first.kind === 'rescheduled'
          ? movedVisitReceiptText(first.previousWhen ?? '', day, itemsOf(group), business)
          : visitReceiptText(
              day,
              group.map((receipt) => ({
                time: dayAndTime(receipt.when)[1],
                service: receipt.service,
                professional: receipt.professional,
                ...(receipt.priceCents !== undefined ? { priceCents: receipt.priceCents } : {}),
              })),
              business,
            ),
    );
    index = end;
  }
  return texts;
}

/**
 * The receipts of a turn's confirmed changes, in order, as replies for the outbox: each
 * ref is re-read from the database (tenant- and customer-scoped). A ref whose row is gone,
 * belongs to someone else or no longer says the same thing yields nothing. Consecutive
 * bookings on the same day (a visit of several services) share one receipt.
 */
export async function buildReceipts(
  db: Queryable,
  scope: { tenantId: number; customerId: number },
  refs: readonly ScheduleChangeRef[],
): Promise<OutboundReply[]> {
  if (refs.length === 0) return [];
  // One query after another: `db` may be a transaction client, which runs one query at a time.
  const changes = await readConfirmedChanges(db, scope, refs);
  const business = await db.tenant.findUniqueOrThrow({ where: { id: scope.tenantId }, select: { name: true, address: true } });
  const receipts = changes.flatMap((change) => receiptOf(change, business) ?? []);
  return groupVisits(receipts, business).map((text) => ({ type: 'text' as const, text }));
}
