import type { Db } from '../db/index.js';
import { openDepositOnBooking, settleDepositOnCancellation } from '../deposits/index.js';
import { remindOnAppointmentChanged, sourceOfCustomerMove } from '../reminders/index.js';
import type { SchedulingDeps } from '../scheduling/appointments/index.js';
import type { SchedulingToolDeps } from '../scheduling/tools/index.js';
import type { Clock, Logger } from '../shared/index.js';
import { offerOnAppointmentChanged, offerOnBlockRemoved } from '../waitlist-offers/index.js';

/**
 * The scheduling domain as the service runs it: every booking, move and status change calls
 * these subscribers inside its transaction. Reminders schedule and remove their rows and
 * jobs here; deposits open their row and charge job for a pending_payment booking (and settle it on a cancellation);
 * the waitlist queues the slot a change frees (and a removed block's). Tests wire the domain through it too,
 * so they run what production runs.
 */
export function schedulingDepsOf(db: Db): SchedulingDeps {
  return {
    db,
    onAppointmentChanged: [remindOnAppointmentChanged, openDepositOnBooking, settleDepositOnCancellation, offerOnAppointmentChanged],
    onBlockRemoved: [offerOnBlockRemoved],
  };
}

/** The bot's scheduling tools as the service wires them (the same subscribers; reminders tell a reminder's move apart). */
export function schedulingToolDepsOf(deps: { db: Db; clock: Clock; logger: Logger }): SchedulingToolDeps {
  return {
    scheduling: schedulingDepsOf(deps.db),
    clock: deps.clock,
    logger: deps.logger,
    sourceOfCustomerMove: sourceOfCustomerMove(deps.db),
  };
}
