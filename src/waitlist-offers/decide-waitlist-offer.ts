import { fitsPeriod, type WaitlistPeriod } from '../scheduling/waitlist/index.js';
import { localTimeOf, minutesOfDay } from '../shared/index.js';

/** An open entry that could take an opening, in list order (oldest first). */
export interface OfferCandidate {
  entryId: number;
  serviceId: number;
  /** local YYYY-MM-DD */
  date: string;
  period: WaitlistPeriod | null;
  /** false when the customer cannot be told: no WhatsApp conversation, or the window closed and no `slotOffer` template */
  reachable: boolean;
}

export type WaitlistOfferDecision =
  | { kind: 'offer'; entryId: number; startsAt: number }
  | { kind: 'none'; reason: 'no_entry' | 'nothing_fits' };

/**
 * Which entry an opening goes to, and at what start. Pure: the first candidate (list order)
 * the customer can be told of whose service has a free start inside the opening on its day
 * (`freeStarts`: the bookable starts the caller found for that service and day, the opening's
 * professional, the booking window and other offers' holds applied) in its period, judged by
 * the start's local time; the earliest such start.
 */
export function decideWaitlistOffer(input: {
  candidates: readonly OfferCandidate[];
  freeStarts: (serviceId: number, date: string) => readonly number[];
  timezone: string;
}): WaitlistOfferDecision {
  if (input.candidates.length === 0) return { kind: 'none', reason: 'no_entry' };
  for (const candidate of input.candidates) {
    if (!candidate.reachable) continue;
    const start = input
      .freeStarts(candidate.serviceId, candidate.date)
      .find((instant) => fitsPeriod(candidate.period, minutesOfDay(localTimeOf(instant, input.timezone))));
    if (start !== undefined) return { kind: 'offer', entryId: candidate.entryId, startsAt: start };
  }
  return { kind: 'none', reason: 'nothing_fits' };
}
