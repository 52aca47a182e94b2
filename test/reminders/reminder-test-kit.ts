import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/db/index.js';
import { type ReminderAction, reminderButtonPayload } from '../../src/reminders/index.js';
import { isQueueIdle, postWebhook, waitFor } from '../conversation/channel-harness.js';
import { newWamid, webhookFixture } from '../fixtures/whatsapp/webhook-fixtures.js';
import { createTestConversation, type TestTenant } from '../support/factories.js';

/** The business's display number in the `button` fixture (what `context.from` carries). */
export const BUSINESS_NUMBER = '5511933334444';

/** A fresh reminder token in the shape h15a's scheduler makes (16 random bytes, base64url). */
export const newReminderToken = () => randomBytes(16).toString('base64url');

/** A São Paulo local date `days` ahead of today that is a Wednesday-to-Saturday workday for both Ana and Bia. */
export function workdayAhead(minDays: number): string {
  for (let days = minDays; ; days++) {
    const date = new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/Sao_Paulo' });
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 2 && weekday <= 6) return date;
  }
}

/** São Paulo has no DST any more: local = UTC−3. */
export const saoPauloInstant = (date: string, time: string) => new Date(`${date}T${time}:00-03:00`);

export { customerDayTime } from '../support/customer-day-time.js';

export interface RemindedCustomer {
  customer: { id: number; waId: string | null };
  conversation: { id: number };
  appointment: { id: number; startsAt: Date };
  reminder: { id: number; payloadToken: string; outboxMessageId: number | null };
  /** the WhatsApp id of the reminder's template message */
  templateWamid: string;
}

/**
 * A customer with a booked appointment (Ana, Corte, at `startsAt`) and one reminder already sent for
 * it, inserted as the reminder scheduler leaves them: the outbound template row with Meta's wamid,
 * the `appointment_reminders` row `sent` pointing at it.
 */
export async function createRemindedCustomer(
  db: Db,
  tenant: TestTenant,
  options: { startsAt: Date; waId?: string; professional?: number; beforeMinutes?: number },
): Promise<RemindedCustomer> {
  const { customer, conversation } = await createTestConversation(db, tenant.id, options.waId ? { waId: options.waId } : {});
  const [corte] = tenant.services;
  const professional = tenant.professionals[options.professional ?? 0];
  const appointment = await db.appointment.create({
    data: {
      tenantId: tenant.id,
      customerId: customer.id,
      serviceId: corte?.id as number,
      professionalId: professional?.id as number,
      startsAt: options.startsAt,
      endsAt: new Date(options.startsAt.getTime() + (corte?.durationMinutes ?? 30) * 60_000),
    },
  });
  const sent = await addSentReminder(db, tenant, { customerId: customer.id, conversationId: conversation.id, appointment, ...options });
  return { customer, conversation, appointment, ...sent };
}

/** One more reminder sent for an appointment (another offset). */
export async function addSentReminder(
  db: Db,
  tenant: TestTenant,
  options: { customerId: number; conversationId: number; appointment: { id: number; startsAt: Date }; beforeMinutes?: number },
) {
  const templateWamid = newWamid();
  const beforeMinutes = options.beforeMinutes ?? 1440;
  const template = await db.message.create({
    data: {
      tenantId: tenant.id,
      conversationId: options.conversationId,
      direction: 'outbound',
      author: 'system',
      type: 'template',
      text: 'Olá, Maria! Lembrete do seu horário: Corte com Ana, qua 02/12 às 15:30. Salão. Confirmar / Remarcar / Cancelar',
      status: 'sent',
      waMessageId: templateWamid,
      sentAt: new Date(),
    },
  });
  const reminder = await db.appointmentReminder.create({
    data: {
      tenantId: tenant.id,
      appointmentId: options.appointment.id,
      customerId: options.customerId,
      beforeMinutes,
      dueAt: new Date(options.appointment.startsAt.getTime() - beforeMinutes * 60_000),
      startsAt: options.appointment.startsAt,
      status: 'sent',
      payloadToken: newReminderToken(),
      outboxMessageId: template.id,
    },
  });
  return { reminder, templateWamid };
}

/** A quick-reply tap on a reminder template, as the Cloud API delivers it (`type: button`, `context` = the template). */
export function buttonWebhook(options: {
  phoneNumberId: string;
  from: string;
  payload: string;
  text: string;
  templateWamid: string;
  messageId?: string;
}): Record<string, unknown> {
  const body = webhookFixture('button', { phoneNumberId: options.phoneNumberId, from: options.from, messageId: options.messageId });
  const message = (body as { entry: { changes: { value: { messages: Record<string, unknown>[] } }[] }[] }).entry[0]!.changes[0]!.value
    .messages[0]!;
  message.button = { payload: options.payload, text: options.text };
  message.context = { from: BUSINESS_NUMBER, id: options.templateWamid };
  return body;
}

const LABELS: Record<ReminderAction, string> = { confirmar: 'Confirmar', remarcar: 'Remarcar', cancelar: 'Cancelar' };

/**
 * Posts the tap of `action` with `token` from `from` (signed), waits until the intake stored it,
 * the turn processed it and every job (sends included) ran; returns the tap's WhatsApp id and body.
 */
export async function tap(
  app: Parameters<typeof postWebhook>[0],
  db: Db,
  options: { phoneNumberId: string; from: string; action: ReminderAction; token: string; templateWamid: string; body?: unknown },
) {
  const messageId = newWamid();
  const body =
    options.body ??
    buttonWebhook({
      phoneNumberId: options.phoneNumberId,
      from: options.from,
      payload: reminderButtonPayload(options.action, options.token),
      text: LABELS[options.action],
      templateWamid: options.templateWamid,
      messageId,
    });
  await postWebhook(app, body).expect(200);
  await settle(db);
  return { messageId, body };
}

/** Waits until no inbound message waits for a turn and no job is left to run. */
export async function settle(db: Db): Promise<void> {
  await waitFor(
    async () => (await db.message.count({ where: { direction: 'inbound', status: 'received' } })) === 0 && (await isQueueIdle(db)),
    { what: 'the turn and its sends', timeoutMs: 20_000 },
  );
}

/** The outbound messages of a conversation other than the reminder templates themselves. */
export async function repliesIn(db: Db, conversationId: number) {
  return db.message.findMany({ where: { conversationId, direction: 'outbound', type: { not: 'template' } }, orderBy: { id: 'asc' } });
}

export { counterValue } from './reminder-send-kit.js';
