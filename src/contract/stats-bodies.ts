// The owner's figures: the overview, the handoff reasons, the console's counts, as the console
// reads them (JSON: times are strings). The server's body builders return `Sent<…>` of these, so a
// field the console relies on cannot go missing or change type without the server's build failing.
import type { RunExitOrRunning } from './vocabularies.js';

/** Bookings by how they were made (the appointment's `source`) */
export interface BookingsBySource {
  bot: number;
  staff: number;
  reminder: number;
  waitlist: number;
}

/** One local day of `GET /admin/stats/overview` (or the period's totals, without `date`) */
export interface OverviewDay {
  date: string;
  bookings: BookingsBySource;
  attended: number;
  noShows: number;
  cancellations: number;
  bookedRevenueCents: number;
  attendedRevenueCents: number;
}

/** `GET /admin/stats/overview?from=&to=` (owners only): local dates, both included */
export interface Overview {
  from: string;
  to: string;
  timezone: string;
  days: OverviewDay[];
  totals: Omit<OverviewDay, 'date'>;
  professionals: { id: number; name: string; bookedMinutes: number; workingMinutes: number; occupancy: number | null }[];
  conversations: { total: number; finishedByBot: number; botShare: number | null };
  handoffWait: { p50Seconds: number | null; p90Seconds: number | null; claimed: number; unclaimed: number };
  reminders: { remindedAppointments: number; confirmedThroughReminder: number; confirmationRate: number | null };
  /** deposits by Pix of the period's appointments: collected (kept), of those forfeited, refunded, expired unpaid */
  deposits: {
    collected: number;
    collectedCents: number;
    forfeited: number;
    forfeitedCents: number;
    refunded: number;
    refundedCents: number;
    expired: number;
  };
}

/** One reason of `GET /admin/stats/handoff-reasons` */
export interface HandoffReasonRow {
  reason: string;
  label: string;
  count: number;
  claimed: number;
  unclaimed: number;
  medianWaitSeconds: number | null;
  p90WaitSeconds: number | null;
}

/** `GET /admin/stats/handoff-reasons` */
export interface HandoffReasonStats {
  reasons: HandoffReasonRow[];
  total: { count: number };
}

/** `GET /console/api/stats` */
export interface ConsoleStats {
  /** agent runs started in the period, by `agent_runs.exit` (`running` while unfinished), each with the server's pt-BR label */
  runsByExit: { exit: RunExitOrRunning; label: string; count: number }[];
  /** appointments that started in the period and before now, by status */
  appointmentsByStatus: { status: string; count: number }[];
  /** no-shows over appointments whose attendance was marked; null when none was marked */
  noShowRate: number | null;
  /** reminded appointments the customer confirmed with the reminder's button, over reminded ones; null when none was reminded */
  confirmationRate: number | null;
  /** the same no-show rate among reminded appointments confirmed through a reminder, and among the others */
  noShowRateConfirmed: number | null;
  noShowRateUnconfirmed: number | null;
}
