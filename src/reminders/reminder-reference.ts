import type { Queryable } from '../db/index.js';
import {
  type AppointmentStatus,
  type AppointmentView,
  findCustomerAppointment,
  findVisitAppointments,
} from '../scheduling/appointments/index.js';
import { formatDayTime } from '../scheduling/receipts/index.js';
import { localDateTimeOf } from '../shared/index.js';
import { lastOfRescheduleChain } from './load-reminder-tap.js';
import type { ReminderAnswer } from './reminder-answer.js';
import type { ReminderAction } from './reminder-payload.js';

/** An appointment as a responder is told about it: the id the tools take and what the customer sees. */
export interface ReminderAppointment {
  id: number;
  status: AppointmentStatus;
  /** tenant local, as the tools write it: "2026-12-02T15:30" */
  start: string;
  /** as customers read it: "qua 02/12 às 15:30" */
  when: string;
  service: string;
  professional: string;
  /** the ids buscar_horarios takes for a new time of this appointment */
  serviceId: number;
  professionalId: number;
  /** when it belongs to a visit of several services: the visit (which moves as a whole) and its services in order */
  visit?: ReminderVisit;
}

/** A reminded visit as a responder is told about it: its id and each service with its ids and local start. */
export interface ReminderVisit {
  id: number;
  services: { appointmentId: number; serviceId: number; professionalId: number; service: string; professional: string; start: string }[];
}

/**
 * Which appointment a customer's message is about when it answers a reminder: a tap the
 * responder continues (Remarcar), or a free-text reply quoting the reminder (`context.id` = the reminder's outbound message).
 * Built from the rows as they are now, scoped to the tenant and the customer.
 */
export interface ReminderReference {
  /** a tap, with the reminder's answer before it (e.g. confirm: the customer had confirmed, now wants to move it) */
  via: { kind: 'tap'; action: ReminderAction; earlierAnswer: ReminderAnswer | null } | { kind: 'reply' };
  appointment: ReminderAppointment;
  /** the appointment was moved since: the one in force now */
  movedTo: ReminderAppointment | null;
}

export function toReminderAppointment(view: AppointmentView): ReminderAppointment {
  return {
    id: view.id,
    status: view.status,
    start: localDateTimeOf(view.startsAt.getTime(), view.timezone),
    when: formatDayTime(view.startsAt.getTime(), view.timezone),
    service: view.service.name,
    professional: view.professional.name,
    serviceId: view.service.id,
    professionalId: view.professional.id,
  };
}

/**
 * The appointment as a responder is told about it, with its visit's services when it belongs
 * to one: the visit's rows in the same state (the live ones of a live visit; a cancelled
 * visit's all), scoped to the customer.
 */
export async function reminderAppointmentOf(
  db: Queryable,
  scope: { tenantId: number; customerId: number },
  view: AppointmentView,
): Promise<ReminderAppointment> {
  const appointment = toReminderAppointment(view);
  if (view.visitId === null) return appointment;
  const cancelled = view.status === 'cancelled';
  const rows = (await findVisitAppointments(db, { ...scope, visitId: view.visitId })).filter(
    (row) => (row.status === 'cancelled') === cancelled,
  );
  if (rows.length < 2) return appointment;
  const services = rows.map((row) => ({
    appointmentId: row.id,
    serviceId: row.service.id,
    professionalId: row.professional.id,
    service: row.service.name,
    professional: row.professional.name,
    start: localDateTimeOf(row.startsAt.getTime(), row.timezone),
  }));
  return { ...appointment, visit: { id: view.visitId, services } };
}

/**
 * The reminders the turn's messages reply to, by message id: a message whose `context.id` is
 * the WhatsApp id of a reminder's outbound message (in this conversation, for this customer).
 * Messages that quote anything else are not in the map.
 */
export async function findRepliedReminders(
  db: Queryable,
  scope: { tenantId: number; customerId: number; conversationId: number },
  messages: readonly { id: number; repliedToWaMessageId?: string | null }[],
): Promise<Map<number, ReminderReference>> {
  const references = new Map<number, ReminderReference>();
  const quoted = [...new Set(messages.flatMap((message) => message.repliedToWaMessageId ?? []))];
  if (quoted.length === 0) return references;
  const outbound = await db.message.findMany({
    where: { tenantId: scope.tenantId, conversationId: scope.conversationId, direction: 'outbound', waMessageId: { in: quoted } },
    select: { id: true, waMessageId: true },
  });
  if (outbound.length === 0) return references;
  const reminders = await db.appointmentReminder.findMany({
    where: { tenantId: scope.tenantId, customerId: scope.customerId, outboxMessageId: { in: outbound.map((row) => row.id) } },
    select: { appointmentId: true, outboxMessageId: true },
  });
  const byWamid = new Map<string, ReminderReference>();
  for (const reminder of reminders) {
    const wamid = outbound.find((row) => row.id === reminder.outboxMessageId)?.waMessageId;
    const appointment = await findCustomerAppointment(db, {
      tenantId: scope.tenantId,
      customerId: scope.customerId,
      appointmentId: reminder.appointmentId,
    });
    if (!wamid || !appointment) continue;
    const movedTo = appointment.status === 'cancelled' ? await lastOfRescheduleChain(db, scope, appointment.id) : null;
    byWamid.set(wamid, {
      via: { kind: 'reply' },
      appointment: await reminderAppointmentOf(db, scope, appointment),
      movedTo: movedTo ? await reminderAppointmentOf(db, scope, movedTo) : null,
    });
  }
  for (const message of messages) {
    const reference = message.repliedToWaMessageId ? byWamid.get(message.repliedToWaMessageId) : undefined;
    if (reference) references.set(message.id, reference);
  }
  return references;
}
