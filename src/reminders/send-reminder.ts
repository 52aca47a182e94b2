import { type Db, inTransaction, type Tx } from '../db/index.js';
import { incrementCounter, METRICS } from '../metrics/index.js';
import { queueTemplateMessage } from '../outbox/index.js';
import type { Logger } from '../shared/index.js';
import { readReminderSettings } from '../tenant/index.js';
import { buildReminderMessage, type ReminderVisitItem } from './build-reminder-message.js';
import { decideReminderSend, type ReminderSendDecision } from './decide-reminder-send.js';

export interface SendReminderDeps {
  db: Db;
  logger: Logger;
}

export type SendReminderOutcome =
  | { kind: 'not_found' }
  | Exclude<ReminderSendDecision, { kind: 'send' }>
  | { kind: 'queued'; outboxMessageId: number };

interface LockedAppointment {
  status: string;
  starts_at: Date;
  customer_id: number;
  service_id: number;
  professional_id: number;
  visit_id: number | null;
}

interface LockedReminder {
  status: string;
  before_minutes: number;
  due_at: Date;
  starts_at: Date;
  payload_token: string;
}

/**
 * The `send-reminder` job of one reminder row, at its due time. In one transaction: the
 * appointment is locked (FOR SHARE, so a cancellation or move in progress finishes first and
 * is seen) and then the reminder row (FOR UPDATE: two runs of the job act once), the
 * appointment re-read, and decideReminderSend's verdict performed: `skipped` or `late` with
 * its reason (late ones counted in wa_agenda_reminders_late_total), or the template message
 * queued in the outbox (idempotency key `reminder:<id>`, author `system`; its `send-message`
 * job does the Graph call, retries and statuses) with the row `sent`, linked to the outbox
 * row, and counted in wa_agenda_reminders_sent_total. Templates need no open 24-hour window.
 * A customer without a conversation (a walk-in booked by staff) gets one, so the reminder
 * and the customer's answer have somewhere to live. The reminder of a visit's first service
 * speaks for the visit: every service still on, with its time, professional and the total.
 */
export async function sendReminder(deps: SendReminderDeps, reminderId: number, now: Date): Promise<SendReminderOutcome> {
  const ref = await deps.db.appointmentReminder.findUnique({
    where: { id: reminderId },
    select: { tenantId: true, appointmentId: true, beforeMinutes: true },
  });
  if (!ref) return { kind: 'not_found' };
  const outcome = await inTransaction(deps.db, (tx) => decideAndPerform(tx, reminderId, ref, now));
  const logger = deps.logger.child({
    tenantId: ref.tenantId,
    appointmentId: ref.appointmentId,
    reminderId,
    beforeMinutes: ref.beforeMinutes,
  });
  switch (outcome.kind) {
    case 'late':
      logger.warn({ reason: outcome.reason, lateMinutes: Math.round(outcome.lateMs / 60_000) }, 'reminder dropped: too late to send');
      break;
    case 'skip':
      logger.info({ reason: outcome.reason }, 'reminder skipped');
      break;
    case 'queued':
      logger.info({ outboxMessageId: outcome.outboxMessageId }, 'reminder queued');
      break;
    default:
      break;
  }
  return outcome;
}

async function decideAndPerform(
  tx: Tx,
  reminderId: number,
  ref: { tenantId: number; appointmentId: number },
  now: Date,
): Promise<SendReminderOutcome> {
  // Lock order: appointment, then reminder rows, as cancellations and moves do.
  const [appointment] = await tx.$queryRaw<LockedAppointment[]>`
    SELECT status, starts_at, customer_id, service_id, professional_id, visit_id FROM appointments
     WHERE id = ${ref.appointmentId} AND tenant_id = ${ref.tenantId} FOR SHARE`;
  const [reminder] = await tx.$queryRaw<LockedReminder[]>`
    SELECT status, before_minutes, due_at, starts_at, payload_token FROM appointment_reminders
     WHERE id = ${reminderId} FOR UPDATE`;
  if (!reminder) return { kind: 'not_found' };
  const tenant = await tx.tenant.findUniqueOrThrow({
    where: { id: ref.tenantId },
    select: { slug: true, name: true, timezone: true, reminders: true },
  });
  // The appointment's customer, not the row's: a merge of two customer rows moves appointments.
  const customer = appointment
    ? await tx.customer.findFirst({
        where: { id: appointment.customer_id, tenantId: ref.tenantId },
        select: { id: true, name: true, waId: true, bsuid: true, parentBsuid: true },
      })
    : null;
  const decision = decideReminderSend({
    reminder: {
      status: reminder.status,
      beforeMinutes: reminder.before_minutes,
      dueAt: reminder.due_at,
      startsAt: reminder.starts_at,
      payloadToken: reminder.payload_token,
    },
    appointment: appointment ? { status: appointment.status, startsAt: appointment.starts_at } : null,
    settings: readReminderSettings(tenant.reminders),
    hasRecipient: Boolean(customer && (customer.waId || customer.bsuid || customer.parentBsuid)),
    now,
  });
  switch (decision.kind) {
    case 'already_handled':
      return decision;
    case 'skip':
      await setStatus(tx, reminderId, 'skipped', decision.reason);
      return decision;
    case 'late':
      await setStatus(tx, reminderId, 'late', decision.reason);
      await incrementCounter(tx, METRICS.remindersLate, { tenant: tenant.slug });
      return decision;
    case 'send': {
      // decideReminderSend only sends for an existing appointment and customer.
      if (!appointment || !customer) throw new Error(`reminder ${reminderId} decided to send without its appointment or customer`);
      const [service, professional] = [
        await tx.service.findUniqueOrThrow({ where: { id: appointment.service_id }, select: { name: true } }),
        await tx.professional.findUniqueOrThrow({ where: { id: appointment.professional_id }, select: { name: true } }),
      ];
      const visit = appointment.visit_id === null ? [] : await visitItemsOf(tx, ref.tenantId, appointment.visit_id);
      const conversationId = await conversationOf(tx, ref.tenantId, customer.id);
      const message = buildReminderMessage(
        {
          customerName: customer.name,
          service: service.name,
          professional: professional.name,
          startsAt: appointment.starts_at,
          timezone: tenant.timezone,
          business: tenant.name,
          ...(visit.length > 1 ? { visit } : {}),
        },
        { name: decision.setting.template, language: decision.setting.language },
        reminder.payload_token,
      );
      const queued = await queueTemplateMessage(tx, {
        tenantId: ref.tenantId,
        conversationId,
        template: message.template,
        text: message.text,
        author: 'system',
        idempotencyKey: `reminder:${reminderId}`,
      });
      await tx.$executeRaw`
        UPDATE appointment_reminders SET status = 'sent', status_reason = NULL, outbox_message_id = ${queued.id}, updated_at = now()
         WHERE id = ${reminderId}`;
      await incrementCounter(tx, METRICS.remindersSent, { tenant: tenant.slug });
      return { kind: 'queued', outboxMessageId: queued.id };
    }
  }
}

/** A visit's services still on (not cancelled), in order, with their professionals and prices: what its one reminder lists. */
async function visitItemsOf(tx: Tx, tenantId: number, visitId: number): Promise<ReminderVisitItem[]> {
  const rows = await tx.appointment.findMany({
    where: { tenantId, visitId, status: { not: 'cancelled' } },
    orderBy: [{ startsAt: 'asc' }, { id: 'asc' }],
    select: { startsAt: true, priceCents: true, service: { select: { name: true } }, professional: { select: { name: true } } },
  });
  return rows.map((row) => ({
    service: row.service.name,
    professional: row.professional.name,
    startsAt: row.startsAt,
    priceCents: row.priceCents,
  }));
}

function setStatus(tx: Tx, reminderId: number, status: 'skipped' | 'late', reason: string) {
  return tx.$executeRaw`
    UPDATE appointment_reminders SET status = ${status}, status_reason = ${reason}, updated_at = now() WHERE id = ${reminderId}`;
}

/** The customer's conversation (one per customer and tenant), created when they never wrote. */
async function conversationOf(tx: Tx, tenantId: number, customerId: number): Promise<number> {
  await tx.$executeRaw`
    INSERT INTO conversations (tenant_id, customer_id, updated_at) VALUES (${tenantId}, ${customerId}, now())
    ON CONFLICT (tenant_id, customer_id) DO NOTHING`;
  const conversation = await tx.conversation.findUniqueOrThrow({
    where: { tenantId_customerId: { tenantId, customerId } },
    select: { id: true },
  });
  return conversation.id;
}
