import type { Overview, Sent } from '../contract/index.js';
import type { Db } from '../db/index.js';
import { computeDepositStats } from '../deposits/index.js';
import { computeConversationOutcomeStats } from '../handoff/index.js';
import { computeReminderStats } from '../reminders/index.js';
import { type BookingsBySource, figuresByDay, professionalOccupancy } from '../scheduling/agenda/index.js';
import { addDays, localInstant } from '../shared/index.js';

const sumSources = (a: BookingsBySource, b: BookingsBySource): BookingsBySource => ({
  bot: a.bot + b.bot,
  staff: a.staff + b.staff,
  reminder: a.reminder + b.reminder,
  waitlist: a.waitlist + b.waitlist,
});

/**
 * `GET /admin/stats/overview`: over the local dates `fromDate`..`toDate` (both included), per
 * day the appointments starting that day (bookings by source, attended, no-shows, cancellations,
 * booked and attended revenue in cents: figures-by-day.ts), per professional the occupancy
 * (booked minutes ÷ working minutes: professional-occupancy.ts), the share of conversations the
 * bot finished without a person and the queue's wait p50/p90 (conversation-outcome-stats.ts),
 * reminder confirmations for appointments starting in the period (reminder-stats.ts), and the
 * deposits by Pix of those appointments: collected, forfeited, refunded, expired (deposit-stats.ts).
 */
export async function buildOverview(
  db: Db,
  query: { tenantId: number; timezone: string; fromDate: string; toDate: string; now: Date },
): Promise<Sent<Overview>> {
  const from = new Date(localInstant(query.fromDate, 0, query.timezone));
  const to = new Date(localInstant(addDays(query.toDate, 1), 0, query.timezone));
  const [days, professionals, outcomes, reminders, deposits] = await Promise.all([
    figuresByDay(db, query),
    professionalOccupancy(db, query),
    computeConversationOutcomeStats(db, { tenantId: query.tenantId, from, to }),
    computeReminderStats(db, { tenantId: query.tenantId, from, to, now: query.now }),
    computeDepositStats(db, { tenantId: query.tenantId, from, to }),
  ]);
  const dayBodies = days.map((day) => ({
    date: day.date,
    bookings: day.bookings,
    attended: day.attended,
    noShows: day.noShows,
    cancellations: day.cancellations,
    bookedRevenueCents: day.bookedCents,
    attendedRevenueCents: day.attendedCents,
  }));
  const totals = dayBodies.reduce(
    (sum, day) => ({
      bookings: sumSources(sum.bookings, day.bookings),
      attended: sum.attended + day.attended,
      noShows: sum.noShows + day.noShows,
      cancellations: sum.cancellations + day.cancellations,
      bookedRevenueCents: sum.bookedRevenueCents + day.bookedRevenueCents,
      attendedRevenueCents: sum.attendedRevenueCents + day.attendedRevenueCents,
    }),
    {
      bookings: { bot: 0, staff: 0, reminder: 0, waitlist: 0 },
      attended: 0,
      noShows: 0,
      cancellations: 0,
      bookedRevenueCents: 0,
      attendedRevenueCents: 0,
    },
  );
  return {
    from: query.fromDate,
    to: query.toDate,
    timezone: query.timezone,
    days: dayBodies,
    totals,
    professionals,
    conversations: { total: outcomes.conversations, finishedByBot: outcomes.finishedByBot, botShare: outcomes.botShare },
    handoffWait: outcomes.handoffWait,
    reminders: {
      remindedAppointments: reminders.remindedAppointments,
      confirmedThroughReminder: reminders.confirmedThroughReminder,
      confirmationRate: reminders.confirmationRate,
    },
    deposits: {
      collected: deposits.collected.count,
      collectedCents: deposits.collected.cents,
      forfeited: deposits.forfeited.count,
      forfeitedCents: deposits.forfeited.cents,
      refunded: deposits.refunded.count,
      refundedCents: deposits.refunded.cents,
      expired: deposits.expired.count,
    },
  };
}
