// The waitlist's entries: a customer's wish for a freed slot (a service on one local day, a part
// of it, a professional), joined through `entrar_lista_espera` or the offline assistant and listed
// for staff. Offers, holds and taps are src/waitlist-offers/'s.
export {
  type JoinedEntry,
  type JoinWaitlistOutcome,
  type JoinWaitlistRequest,
  joinWaitlist,
  type WaitlistRefusal,
} from './join-waitlist.js';
export { listOpenWaitlist, type WaitlistEntryView } from './list-waitlist.js';
export { fitsPeriod, periodOfMinute, toWaitlistPeriod, WAITLIST_PERIODS, type WaitlistPeriod } from './waitlist-period.js';
