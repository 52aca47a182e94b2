/** What a tap on an offer's button finds, scoped to the tenant that received it and the customer who tapped. */
export interface WaitlistTapFacts {
  offerId: number;
  entryId: number;
  /** offered | passed | taken | gone */
  status: string;
  professionalId: number;
  serviceId: number;
  startsAt: Date;
  appointmentId: number | null;
}

export type WaitlistTapDecision =
  | { kind: 'unknown_offer' }
  /** taken already (a repeated tap): said again, nothing booked twice */
  | { kind: 'already_taken'; offer: WaitlistTapFacts }
  /** the time has come (or gone): nothing to book */
  | { kind: 'gone'; offer: WaitlistTapFacts }
  /** book it if still free: on hold, after the hold, even after an earlier "gone" (the slot may have freed again) */
  | { kind: 'book'; offer: WaitlistTapFacts };

/** Pure: what to do with a tap. */
export function decideWaitlistTap(offer: WaitlistTapFacts | null, now: Date): WaitlistTapDecision {
  if (!offer) return { kind: 'unknown_offer' };
  if (offer.status === 'taken') return { kind: 'already_taken', offer };
  if (offer.startsAt.getTime() <= now.getTime()) return { kind: 'gone', offer };
  return { kind: 'book', offer };
}
