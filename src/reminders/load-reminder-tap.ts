import type { Queryable } from '../db/index.js';
import { type AppointmentView, findCustomerAppointment } from '../scheduling/appointments/index.js';
import { type ReminderAnswer, toReminderAnswer } from './reminder-answer.js';

/** A reschedule chain longer than this is not followed further (it would take a person moving it every minute). */
const MAX_MOVES_FOLLOWED = 20;

/** What a tap's decision looks at, read scoped to the receiving tenant and the customer who tapped. */
export interface ReminderTapFacts {
  /** the reminder the token names; null when no reminder of this customer in this tenant has it */
  reminder: { id: number; appointmentId: number; startsAt: Date; answer: ReminderAnswer | null } | null;
  /** the appointment the reminder was sent for, as it is now */
  appointment: AppointmentView | null;
  /** when that appointment was moved: the appointment at the end of its reschedule chain, as it is now */
  movedTo: AppointmentView | null;
  /** the appointment was cancelled by this customer's tap on a reminder (not by staff or the bot) */
  cancelledByReminderTap: boolean;
}

/**
 * Reads the facts of one tap. Every query names the tenant and the customer, so a token of
 * another customer or tenant, or one that never existed, reads as no reminder at all.
 */
export async function loadReminderTapFacts(
  db: Queryable,
  scope: { tenantId: number; customerId: number },
  token: string,
): Promise<ReminderTapFacts> {
  const row = await db.appointmentReminder.findFirst({
    where: { payloadToken: token, tenantId: scope.tenantId, customerId: scope.customerId },
    select: { id: true, appointmentId: true, startsAt: true, answer: true },
  });
  if (!row) return { reminder: null, appointment: null, movedTo: null, cancelledByReminderTap: false };
  const reminder = { id: row.id, appointmentId: row.appointmentId, startsAt: row.startsAt, answer: toReminderAnswer(row.answer) };
  const appointment = await findCustomerAppointment(db, { ...scope, appointmentId: row.appointmentId });
  if (!appointment) return { reminder, appointment: null, movedTo: null, cancelledByReminderTap: false };
  const movedTo = appointment.status === 'cancelled' ? await lastOfRescheduleChain(db, scope, appointment.id) : null;
  const cancellation =
    appointment.status === 'cancelled'
      ? await db.appointmentEvent.findFirst({
          where: { tenantId: scope.tenantId, appointmentId: appointment.id, change: 'cancelled' },
          orderBy: { id: 'desc' },
          select: { actorKind: true, actorId: true },
        })
      : null;
  return {
    reminder,
    appointment,
    movedTo,
    cancelledByReminderTap: cancellation?.actorKind === 'customer_reminder' && cancellation.actorId === scope.customerId,
  };
}

/** The appointment that replaced this one (and so on, when it was moved again); null when it was not moved. */
export async function lastOfRescheduleChain(
  db: Queryable,
  scope: { tenantId: number; customerId: number },
  appointmentId: number,
): Promise<AppointmentView | null> {
  let last: AppointmentView | null = null;
  let from = appointmentId;
  for (let moves = 0; moves < MAX_MOVES_FOLLOWED; moves++) {
    const next = await db.appointment.findFirst({
      where: { rescheduledFromId: from, tenantId: scope.tenantId, customerId: scope.customerId },
      select: { id: true },
    });
    if (!next) break;
    last = await findCustomerAppointment(db, { ...scope, appointmentId: next.id });
    from = next.id;
  }
  return last;
}
