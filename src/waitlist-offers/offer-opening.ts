import { type Db, inTransaction, type Tx } from '../db/index.js';
import { queueOutboundReplies, queueTemplateMessage, readCustomerWindow } from '../outbox/index.js';
import { enqueueJob, TASKS } from '../queue/index.js';
import { UNNAMED_CUSTOMER } from '../reminders/index.js';
import { type DayAvailability, findFreeSlots } from '../scheduling/availability/index.js';
import { formatDayTime } from '../scheduling/receipts/index.js';
import { toWaitlistPeriod } from '../scheduling/waitlist/index.js';
import { addDays, type Clock, type Logger, localDateOf } from '../shared/index.js';
import { readNotificationTemplates } from '../tenant/index.js';
import { offerReply, offerTemplate } from './build-offer-message.js';
import { decideWaitlistOffer, type OfferCandidate } from './decide-waitlist-offer.js';
import { mintOfferToken } from './offer-payload.js';
import type { SlotOpening } from './slot-opening.js';
import { holdUntilOf, WAITLIST_HOLD_MINUTES } from './waitlist-hold.js';

export interface WaitlistDeps {
  db: Db;
  logger: Logger;
  clock: Clock;
}

export type OfferOpeningOutcome =
  | { kind: 'offered'; offerId: number; entryId: number; channel: 'buttons' | 'template' }
  | { kind: 'none'; reason: 'past' | 'no_entry' | 'nothing_fits' | 'entry_changed' };

/** Entries looked at per opening: the oldest this many of the day's open ones. */
const CANDIDATES_LIMIT = 50;

interface EntryRow {
  id: number;
  customerId: number;
  serviceId: number;
  date: string;
  period: string | null;
  conversationId: number | null;
  windowOpen: boolean;
}

/**
 * The `offer-waitlist-opening` job: offers a freed slot to the first waitlist entry it fits.
 * Reads the tenant's open entries of the opening's local days that may take its professional
 * (oldest first; entries already offered a time inside this opening are left out, so a passed
 * hold goes to the next one), the free starts inside the opening of each entry's service
 * (availability as the bot sees it: working hours, the booking window and notice, other
 * appointments, and the times other offers hold), decides (decideWaitlistOffer, pure), and in
 * one transaction re-checks the entry (FOR UPDATE: still open), writes the offer with its
 * 15-minute hold, marks the entry `offered`, queues the message (the reply button inside the
 * 24-hour window, the `slotOffer` template outside it) and the `pass-waitlist-offer` job at the
 * hold's end. Nothing is offered for a time already past.
 */
export async function offerOpening(deps: WaitlistDeps, opening: SlotOpening): Promise<OfferOpeningOutcome> {
  const now = deps.clock.now();
  if (opening.endsAt.getTime() <= now.getTime()) return { kind: 'none', reason: 'past' };
  const tenant = await deps.db.tenant.findUniqueOrThrow({
    where: { id: opening.tenantId },
    select: { name: true, timezone: true, templates: true },
  });
  const template = readNotificationTemplates(tenant.templates).slotOffer ?? null;
  const dates = localDatesOf(opening, tenant.timezone);
  const entries = await loadCandidates(deps.db, opening, dates, now);
  const days = new Map<string, DayAvailability | null>();
  for (const entry of entries) {
    const key = `${entry.serviceId}|${entry.date}`;
    if (days.has(key)) continue;
    const found = await findFreeSlots(deps.db, {
      tenantId: opening.tenantId,
      professionalId: opening.professionalId,
      serviceId: entry.serviceId,
      date: entry.date,
      now,
    });
    days.set(key, found.kind === 'day' ? found.day : null);
  }
  const candidates: OfferCandidate[] = entries.map((entry) => ({
    entryId: entry.id,
    serviceId: entry.serviceId,
    date: entry.date,
    period: toWaitlistPeriod(entry.period),
    reachable: entry.conversationId !== null && (entry.windowOpen || template !== null),
  }));
  const decision = decideWaitlistOffer({
    candidates,
    timezone: tenant.timezone,
    freeStarts: (serviceId, date) => {
      const day = days.get(`${serviceId}|${date}`);
      if (!day) return [];
      return day.slots.filter((start) => start >= opening.startsAt.getTime() && start < opening.endsAt.getTime());
    },
  });
  if (decision.kind === 'none') return decision;
  const entry = entries.find((row) => row.id === decision.entryId);
  const day = entry ? days.get(`${entry.serviceId}|${entry.date}`) : null;
  if (!entry || !day || entry.conversationId === null) throw new Error('waitlist decision names an entry it was not given');
  const conversationId = entry.conversationId;
  const outcome = await inTransaction(deps.db, (tx) =>
    makeOffer(tx, {
      opening,
      entry: { ...entry, conversationId },
      day,
      startsAt: new Date(decision.startsAt),
      now,
      business: tenant.name,
      timezone: tenant.timezone,
      template,
    }),
  );
  deps.logger.info({ tenantId: opening.tenantId, professionalId: opening.professionalId, ...outcome }, 'waitlist opening handled');
  return outcome;
}

async function makeOffer(
  tx: Tx,
  facts: {
    opening: SlotOpening;
    entry: EntryRow & { conversationId: number };
    day: DayAvailability;
    startsAt: Date;
    now: Date;
    business: string;
    timezone: string;
    template: { name: string; language: string } | null;
  },
): Promise<OfferOpeningOutcome> {
  const { opening, entry, day, now } = facts;
  const [locked] = await tx.$queryRaw<{ status: string; name: string | null }[]>`
    SELECT w.status, c.name FROM waitlist_entries w JOIN customers c ON c.id = w.customer_id AND c.tenant_id = w.tenant_id
     WHERE w.id = ${entry.id}::int AND w.tenant_id = ${opening.tenantId}::int AND w.expires_at > ${now}
       FOR UPDATE OF w`;
  if (locked?.status !== 'open') return { kind: 'none', reason: 'entry_changed' };
  const token = mintOfferToken();
  const holdUntil = holdUntilOf(now);
  const endsAt = new Date(facts.startsAt.getTime() + day.service.durationMinutes * 60_000);
  const [offer] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO waitlist_offers (tenant_id, entry_id, professional_id, service_id, starts_at, ends_at, hold_until, payload_token, updated_at)
    VALUES (${opening.tenantId}::int, ${entry.id}::int, ${opening.professionalId}::int, ${entry.serviceId}::int, ${facts.startsAt},
            ${endsAt}, ${holdUntil}, ${token}, now())
    RETURNING id`;
  if (!offer) throw new Error('waitlist offer not created');
  await tx.$executeRaw`UPDATE waitlist_entries SET status = 'offered', updated_at = now() WHERE id = ${entry.id}::int`;
  const message = {
    customerName: locked.name?.trim() || UNNAMED_CUSTOMER,
    service: day.service.name,
    professional: day.professional.name,
    when: formatDayTime(facts.startsAt.getTime(), facts.timezone),
    business: facts.business,
    holdMinutes: WAITLIST_HOLD_MINUTES,
  };
  const idempotencyKey = `waitlist-offer:${offer.id}`;
  let channel: 'buttons' | 'template' = 'buttons';
  const windowOpen = (await readCustomerWindow(tx, opening.tenantId, entry.conversationId)) === 'open';
  if (windowOpen) {
    await queueOutboundReplies(tx, {
      tenantId: opening.tenantId,
      conversationId: entry.conversationId,
      replies: [offerReply(message, token)],
      author: 'system',
      idempotencyKeyPrefix: idempotencyKey,
    });
  } else {
    // Reachable was judged with the template configured when the window was closed; a window that closed since needs it too.
    if (!facts.template) throw new Error('waitlist offer outside the window without a slotOffer template');
    const built = offerTemplate(message, facts.template, token);
    await queueTemplateMessage(tx, {
      tenantId: opening.tenantId,
      conversationId: entry.conversationId,
      template: built.template,
      text: built.text,
      author: 'system',
      idempotencyKey,
    });
    channel = 'template';
  }
  await enqueueJob(tx, {
    task: TASKS.passWaitlistOffer,
    payload: { offerId: offer.id },
    runAt: holdUntil,
    jobKey: `waitlist-hold:${offer.id}`,
    maxAttempts: 5,
  });
  return { kind: 'offered', offerId: offer.id, entryId: entry.id, channel };
}

/** The local dates the opening touches (at most a month: a long removed block is looked at for its first days). */
function localDatesOf(opening: SlotOpening, zone: string): string[] {
  const first = localDateOf(opening.startsAt.getTime(), zone);
  const last = localDateOf(opening.endsAt.getTime() - 1, zone);
  const dates: string[] = [];
  for (let date = first; date <= last && dates.length < 31; date = addDays(date, 1)) dates.push(date);
  return dates;
}

/** Open entries of those days for this professional (or anyone), oldest first, not yet offered a time inside this opening. */
function loadCandidates(db: Db, opening: SlotOpening, dates: string[], now: Date): Promise<EntryRow[]> {
  return db.$queryRaw<EntryRow[]>`
    SELECT w.id, w.customer_id AS "customerId", w.service_id AS "serviceId", w.date, w.period,
           v.id AS "conversationId", coalesce(v.last_inbound_at > now() - interval '24 hours', false) AS "windowOpen"
      FROM waitlist_entries w
      LEFT JOIN conversations v ON v.tenant_id = w.tenant_id AND v.customer_id = w.customer_id
     WHERE w.tenant_id = ${opening.tenantId}::int AND w.status = 'open' AND w.expires_at > ${now}
       AND w.date = ANY(${dates}::text[])
       AND (w.professional_id IS NULL OR w.professional_id = ${opening.professionalId}::int)
       AND NOT EXISTS (
         SELECT 1 FROM waitlist_offers o
          WHERE o.entry_id = w.id AND o.tenant_id = w.tenant_id AND o.professional_id = ${opening.professionalId}::int
            AND o.starts_at >= ${opening.startsAt} AND o.starts_at < ${opening.endsAt})
     ORDER BY w.created_at, w.id
     LIMIT ${CANDIDATES_LIMIT}::int`;
}
