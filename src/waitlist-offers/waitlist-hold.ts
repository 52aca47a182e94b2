/**
 * How long an offer keeps its slot for the entry it went to (the contract's 15 minutes):
 * availability counts an offer on hold as busy, so neither another entry, the bot nor staff
 * take that time meanwhile; only the offer's own tap books it. After it the next entry gets
 * the slot; a late tap still books if the slot is free.
 */
export const WAITLIST_HOLD_MINUTES = 15;

/** The end of the hold of an offer made at `now`. */
export function holdUntilOf(now: Date): Date {
  return new Date(now.getTime() + WAITLIST_HOLD_MINUTES * 60_000);
}
