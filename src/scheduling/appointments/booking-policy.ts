import { CUSTOMER_WINDOW, type WindowRules } from '../availability/index.js';
import type { AppointmentActor } from './appointment-actor.js';
import type { AppointmentSource } from './appointment-status.js';
import type { DepositDemand } from './deposit-rule.js';

/**
 * The time rules a booking, move or cancellation obeys. The customer's (the bot, the offline
 * assistant, a reminder's flow) and staff's differ only here; the path is the same.
 */
export interface BookingRules extends WindowRules {
  /** customers take only the starts availability offers (the slot-step grid); staff may start at any minute */
  anyMinute: boolean;
  /** staff said the time lies outside the professional's hours on purpose; never over an appointment, a block or time off */
  outsideHours: boolean;
  /** customers may not cancel or move inside the tenant's cancellation notice; staff may */
  cancellationNotice: boolean;
}

/**
 * Who changes the schedule and under which rules: the rules, the actor recorded in the
 * appointment's history, and the `source` a new row gets. Deposits and visits add their
 * rules here, not a second booking path.
 */
export interface BookingPolicy {
  rules: BookingRules;
  actor: AppointmentActor;
  source: AppointmentSource;
  /** whether a booking waits for a deposit (`pending_payment`): by the tenant's rule, never, or always (staff asked) */
  deposit: DepositDemand;
}

/** Staff may enter a walk-in who sat down a little while ago: a start up to this far in the past. */
export const STAFF_PAST_GRACE_MINUTES = 15;

const CUSTOMER_RULES: BookingRules = { ...CUSTOMER_WINDOW, anyMinute: false, outsideHours: false, cancellationNotice: true };

/** The customer's policy (bot, offline assistant, a reminder's flow): notice, horizon, offered starts, the cancellation notice. */
export function customerPolicy(actor: AppointmentActor, source: AppointmentSource = 'bot'): BookingPolicy {
  return { rules: CUSTOMER_RULES, actor, source, deposit: 'by_rule' };
}

/**
 * Staff's policy (walk-ins, phone calls): no minimum notice (a walk-in can start now, or up
 * to 15 minutes ago), no horizon, any minute, no cancellation notice, and outside working
 * hours only when they say so; a deposit only when they ask for one. `source: staff`.
 */
export function staffPolicy(actor: AppointmentActor, options: { outsideHours: boolean; deposit?: boolean }): BookingPolicy {
  return {
    rules: {
      minimumNotice: false,
      horizon: false,
      pastGraceMinutes: STAFF_PAST_GRACE_MINUTES,
      anyMinute: true,
      outsideHours: options.outsideHours,
      cancellationNotice: false,
    },
    actor,
    source: 'staff',
    // CONTRACT: staff bookings never need a deposit unless staff ask for one.
    deposit: options.deposit ? 'required' : 'none',
  };
}
