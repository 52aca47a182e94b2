import { inTransaction, type Queryable } from '../db/index.js';
import { bookAppointment, customerPolicy, type SchedulingDeps } from '../scheduling/appointments/index.js';
import { formatDayTime } from '../scheduling/receipts/index.js';
import { type Clock, localDateTimeOf, type OutboundReply } from '../shared/index.js';
import { decideWaitlistTap, type WaitlistTapFacts } from './decide-waitlist-tap.js';
import { waitlistTexts } from './waitlist-texts.js';

export interface WaitlistTapDeps {
  /** the scheduling domain as boot/ wired it: the booking tells the same subscribers as any other */
  scheduling: SchedulingDeps;
  clock: Clock;
}

/** How a tap ends: the replies to queue (the turn's commit stores them), and what happened for the logs. */
export interface WaitlistTapOutcome {
  kind: 'booked' | 'already_taken' | 'gone' | 'unknown_offer';
  replies: OutboundReply[];
}

/**
 * Acts on one tap of an offer's button, without the model: the first tap books the offered time
 * through the one booking path (customer's rules, `source: waitlist`, idempotent per offer) if it
 * is still free; the offer becomes `taken` and its entry `booked`. A tap when the time is no
 * longer free (taken by another entry's tap, the bot or staff, or already begun) is told it is
 * gone (the offer `gone`; an entry whose hold it was waits again). Two taps at once on two offers
 * of the same time: the database's no-overlap constraint lets one booking through; the other is
 * told it is gone. A repeated tap says the same again and books nothing twice.
 */
export async function actOnWaitlistTap(
  deps: WaitlistTapDeps,
  scope: { tenantId: number; customerId: number },
  tap: { token: string },
): Promise<WaitlistTapOutcome> {
  const now = deps.clock.now();
  const { db } = deps.scheduling;
  const facts = await loadTapFacts(db, scope, tap.token);
  const decision = decideWaitlistTap(facts, now);
  const say = (kind: WaitlistTapOutcome['kind'], text: string): WaitlistTapOutcome => ({ kind, replies: [{ type: 'text', text }] });
  switch (decision.kind) {
    case 'unknown_offer':
      return say('unknown_offer', waitlistTexts.unknown);
    case 'already_taken':
      return say('already_taken', waitlistTexts.alreadyBooked(await describe(db, scope.tenantId, decision.offer)));
    case 'gone':
      await markGone(db, scope.tenantId, decision.offer);
      return say('gone', waitlistTexts.gone);
    case 'book':
      break;
  }
  const { offer } = decision;
  const tenant = await db.tenant.findUniqueOrThrow({ where: { id: scope.tenantId }, select: { timezone: true } });
  const booked = await bookAppointment(deps.scheduling, {
    tenantId: scope.tenantId,
    customer: { id: scope.customerId },
    professionalId: offer.professionalId,
    serviceId: offer.serviceId,
    start: localDateTimeOf(offer.startsAt.getTime(), tenant.timezone),
    idempotencyKey: `waitlist-offer:${offer.offerId}`,
    now,
    waitlistOfferId: offer.offerId,
    policy: customerPolicy({ kind: 'customer_reminder', customerId: scope.customerId }, 'waitlist'),
  });
  if (booked.kind === 'refused') {
    await markGone(db, scope.tenantId, offer);
    return say('gone', waitlistTexts.gone);
  }
  await inTransaction(db, async (tx) => {
    await tx.$executeRaw`
      UPDATE waitlist_offers SET status = 'taken', appointment_id = ${booked.appointment.id}::int, updated_at = now()
       WHERE id = ${offer.offerId}::int AND tenant_id = ${scope.tenantId}::int`;
    await tx.$executeRaw`
      UPDATE waitlist_entries SET status = 'booked', updated_at = now() WHERE id = ${offer.entryId}::int AND tenant_id = ${scope.tenantId}::int`;
  });
  const { appointment } = booked;
  return say(
    'booked',
    waitlistTexts.booked({
      service: appointment.service.name,
      professional: appointment.professional.name,
      when: formatDayTime(appointment.startsAt.getTime(), appointment.timezone),
    }),
  );
}

/** The offer of this token, if it is this tenant's and went to this customer's entry. */
async function loadTapFacts(
  db: Queryable,
  scope: { tenantId: number; customerId: number },
  token: string,
): Promise<WaitlistTapFacts | null> {
  const [row] = await db.$queryRaw<WaitlistTapFacts[]>`
    SELECT o.id AS "offerId", o.entry_id AS "entryId", o.status, o.professional_id AS "professionalId", o.service_id AS "serviceId",
           o.starts_at AS "startsAt", o.appointment_id AS "appointmentId"
      FROM waitlist_offers o JOIN waitlist_entries w ON w.id = o.entry_id AND w.tenant_id = o.tenant_id
     WHERE o.payload_token = ${token} AND o.tenant_id = ${scope.tenantId}::int AND w.customer_id = ${scope.customerId}::int`;
  return row ?? null;
}

/** The offer is gone; an entry whose hold this was waits again for another opening. */
async function markGone(db: SchedulingDeps['db'], tenantId: number, offer: WaitlistTapFacts): Promise<void> {
  await inTransaction(db, async (tx) => {
    const [was] = await tx.$queryRaw<{ status: string }[]>`
      SELECT status FROM waitlist_offers WHERE id = ${offer.offerId}::int AND tenant_id = ${tenantId}::int FOR UPDATE`;
    if (!was || was.status === 'taken' || was.status === 'gone') return;
    await tx.$executeRaw`UPDATE waitlist_offers SET status = 'gone', updated_at = now() WHERE id = ${offer.offerId}::int`;
    if (was.status === 'offered') {
      await tx.$executeRaw`
        UPDATE waitlist_entries SET status = 'open', updated_at = now()
         WHERE id = ${offer.entryId}::int AND tenant_id = ${tenantId}::int AND status = 'offered'`;
    }
  });
}

async function describe(db: Queryable, tenantId: number, offer: WaitlistTapFacts) {
  const [row] = await db.$queryRaw<{ service: string; professional: string; timezone: string }[]>`
    SELECT s.name AS service, p.name AS professional, t.timezone
      FROM tenants t JOIN services s ON s.id = ${offer.serviceId}::int AND s.tenant_id = t.id
      JOIN professionals p ON p.id = ${offer.professionalId}::int AND p.tenant_id = t.id
     WHERE t.id = ${tenantId}::int`;
  return {
    service: row?.service ?? '',
    professional: row?.professional ?? '',
    when: formatDayTime(offer.startsAt.getTime(), row?.timezone ?? 'America/Sao_Paulo'),
  };
}
