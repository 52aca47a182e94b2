// The waitlist's offers: a freed slot (a cancellation, a move's old time, an expired deposit hold,
// a removed block) offered to the first entry it fits, held 15 minutes, passed to the next when
// untaken; a tap on the offer's button books it if still free. Entries are scheduling/waitlist/'s.
export { actOnWaitlistTap, type WaitlistTapDeps, type WaitlistTapOutcome } from './act-on-waitlist-tap.js';
export { offerReply, offerTemplate } from './build-offer-message.js';
export { decideWaitlistOffer, type OfferCandidate, type WaitlistOfferDecision } from './decide-waitlist-offer.js';
export { decideWaitlistTap, type WaitlistTapDecision, type WaitlistTapFacts } from './decide-waitlist-tap.js';
export { expireWaitlistEntries } from './expire-waitlist-entries.js';
export { type OfferOpeningOutcome, offerOpening, type WaitlistDeps } from './offer-opening.js';
export { waitlistOfferPayload, waitlistTapOf } from './offer-payload.js';
export { type PassOfferOutcome, passWaitlistOffer } from './pass-waitlist-offer.js';
export { offerOnAppointmentChanged, offerOnBlockRemoved, queueWaitlistOpening } from './queue-opening.js';
export { holdsItsTime, openingOfAppointmentChange, openingOfRemovedBlock, type SlotOpening } from './slot-opening.js';
export { holdUntilOf, WAITLIST_HOLD_MINUTES } from './waitlist-hold.js';
export { waitlistTexts } from './waitlist-texts.js';
