import type { Tx } from '../db/index.js';
import { queueOutboundReplies, queueTemplateMessage } from '../outbox/index.js';
import type { AppointmentView } from '../scheduling/appointments/index.js';
import { formatDayTime } from '../scheduling/receipts/index.js';
import { readNotificationTemplates } from '../tenant/index.js';
import { appointmentChangeTexts } from './appointment-change-texts.js';

export type NotTold = keyof typeof appointmentChangeTexts.notTold;

export type CustomerNotice =
  | { customerNotified: true; channel: 'whatsapp_text' | 'whatsapp_template' }
  | { customerNotified: false; reason: NotTold; message: string };

/** The change of an appointment a customer is told about (not the tools' confirmed `AppointmentChange` of shared/). */
export type NotifiedChange =
  /** `visit`: the appointment's whole visit is cancelled (its rows in order): the notice names every service */
  | { kind: 'cancelled'; visit?: { previous: readonly AppointmentView[] } }
  /**
   * `visit`: the appointment's whole visit moved (its old rows in order, its new start): the notice names every
   * service; `professional`: a move to another professional names the new one (else the appointment's own)
   */
  | { kind: 'rescheduled'; startsAt: Date; visit?: { previous: readonly AppointmentView[]; startsAt: Date }; professional?: string };

export const notRequested = (): CustomerNotice => notTold('not_requested');

/**
 * Queues the customer's notice of a staff change in the outbox, inside the change's own
 * transaction (the notice exists if and only if the change committed). Inside the 24-hour
 * window: a pt-BR text. Outside it: the tenant's `appointmentChanged` template when
 * configured, else nothing is queued (Meta would refuse free text) and the caller is told
 * why. A customer who never wrote on WhatsApp cannot be told either. `idempotencyKey` makes
 * a retried request queue it once.
 */
export async function queueAppointmentChangeNotice(
  tx: Tx,
  request: { tenantId: number; appointment: AppointmentView; change: NotifiedChange; idempotencyKey: string },
): Promise<CustomerNotice> {
  const { appointment } = request;
  const conversation = await tx.conversation.findFirst({
    where: { tenantId: request.tenantId, customerId: appointment.customerId },
    select: { id: true, customer: { select: { name: true } }, tenant: { select: { name: true, templates: true } } },
  });
  if (!conversation) return notTold('no_whatsapp_conversation');
  const zone = appointment.timezone;
  const visit = request.change.visit?.previous.length ? request.change.visit : null;
  const previousStart = visit?.previous[0]?.startsAt ?? appointment.startsAt;
  const newStart = request.change.kind === 'rescheduled' ? (request.change.visit?.startsAt ?? request.change.startsAt) : previousStart;
  const when = formatDayTime(newStart.getTime(), zone);
  const facts = {
    customerName: conversation.customer.name,
    service: visit ? joinedNames(visit.previous.map((row) => row.service.name)) : appointment.service.name,
    professional: visit
      ? joinedNames(
          visit.previous.map((row) =>
            row.id === appointment.id && request.change.kind === 'rescheduled' && request.change.professional
              ? request.change.professional
              : row.professional.name,
          ),
        )
      : ((request.change.kind === 'rescheduled' ? request.change.professional : undefined) ?? appointment.professional.name),
    when,
    business: conversation.tenant.name,
  };
  const text =
    request.change.kind === 'cancelled'
      ? appointmentChangeTexts.cancelled(facts)
      : appointmentChangeTexts.rescheduled({ ...facts, previousWhen: formatDayTime(previousStart.getTime(), zone) });
  const queued = await queueOutboundReplies(tx, {
    tenantId: request.tenantId,
    conversationId: conversation.id,
    replies: [{ type: 'text', text }],
    author: 'system',
    idempotencyKeyPrefix: `appointment-change:${request.idempotencyKey}`,
  });
  if (queued.kind === 'queued') return { customerNotified: true, channel: 'whatsapp_text' };
  // The conversation was read above in this transaction, so the only other value is outside_window.
  const template = readNotificationTemplates(conversation.tenant.templates).appointmentChanged;
  if (!template) return notTold('outside_window_without_template');
  await queueTemplateMessage(tx, {
    tenantId: request.tenantId,
    conversationId: conversation.id,
    template: {
      name: template.name,
      language: template.language,
      bodyParameters: [
        facts.customerName?.trim() || 'cliente',
        facts.service,
        facts.professional,
        when,
        facts.business,
        request.change.kind === 'cancelled' ? 'cancelado' : 'remarcado',
      ],
    },
    text,
    author: 'system',
    idempotencyKey: `appointment-change:${request.idempotencyKey}:template`,
  });
  return { customerNotified: true, channel: 'whatsapp_template' };
}

function notTold(reason: NotTold): CustomerNotice {
  return { customerNotified: false, reason, message: appointmentChangeTexts.notTold[reason] };
}

/** Names once each, in order: "Corte", "Corte e Escova", "Corte, Escova e Manicure". */
function joinedNames(names: readonly string[]): string {
  const once = [...new Set(names)];
  return once.length <= 1 ? (once[0] ?? '') : `${once.slice(0, -1).join(', ')} e ${once.at(-1)}`;
}
