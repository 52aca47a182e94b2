import { inTransaction } from '../db/index.js';
import type { WaitlistDeps } from './offer-opening.js';
import { queueWaitlistOpening } from './queue-opening.js';

export type PassOfferOutcome = { kind: 'passed'; entryId: number } | { kind: 'not_on_hold' } | { kind: 'hold_not_over' };

/**
 * The `pass-waitlist-offer` job, at an offer's hold end: an offer still untaken is `passed`, its
 * entry waits again (`open`, for a later opening; it still expires with its day), and the
 * offered time is queued as an opening once more, which goes to the next entry (the one passed
 * is left out of that time). A tap after this still books if the slot is free. An offer taken
 * or gone meanwhile changes nothing (FOR UPDATE: a tap and the pass act one after the other).
 */
export async function passWaitlistOffer(deps: WaitlistDeps, offerId: number): Promise<PassOfferOutcome> {
  const now = deps.clock.now();
  const outcome = await inTransaction(deps.db, async (tx): Promise<PassOfferOutcome> => {
    const [offer] = await tx.$queryRaw<
      { tenantId: number; entryId: number; professionalId: number; startsAt: Date; endsAt: Date; status: string; holdUntil: Date }[]
    >`
      SELECT tenant_id AS "tenantId", entry_id AS "entryId", professional_id AS "professionalId", starts_at AS "startsAt",
             ends_at AS "endsAt", status, hold_until AS "holdUntil"
        FROM waitlist_offers WHERE id = ${offerId}::int FOR UPDATE`;
    if (offer?.status !== 'offered') return { kind: 'not_on_hold' };
    if (offer.holdUntil.getTime() > now.getTime()) return { kind: 'hold_not_over' };
    await tx.$executeRaw`UPDATE waitlist_offers SET status = 'passed', updated_at = now() WHERE id = ${offerId}::int`;
    await tx.$executeRaw`
      UPDATE waitlist_entries SET status = 'open', updated_at = now()
       WHERE id = ${offer.entryId}::int AND tenant_id = ${offer.tenantId}::int AND status = 'offered'`;
    await queueWaitlistOpening(tx, {
      tenantId: offer.tenantId,
      professionalId: offer.professionalId,
      startsAt: offer.startsAt,
      endsAt: offer.endsAt,
    });
    return { kind: 'passed', entryId: offer.entryId };
  });
  if (outcome.kind === 'hold_not_over') throw new Error(`waitlist offer ${offerId}: its hold is not over yet; the job retries`);
  deps.logger.info({ offerId, outcome: outcome.kind }, 'waitlist offer hold ended');
  return outcome;
}
