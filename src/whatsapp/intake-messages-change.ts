import { applyStatusUpdate } from '../outbox/index.js';
import { settleUndeliveredMessage } from '../reminders/index.js';
import { withAbsentFieldsDropped } from './absent-fields.js';
import { applyInboundEffect } from './apply-inbound-effect.js';
import type { DeadLetterKind } from './dead-letters.js';
import { toInboundMessageContent } from './inbound-message-content.js';
import type { IntakeDeps, IntakeSummary } from './intake-deps.js';
import { issuesOf } from './issues-of.js';
import { logWebhookErrors } from './log-webhook-errors.js';
import { unstorableJsonReason } from './storable-json.js';
import { contactSchema, messageSchema, statusSchema, type WebhookChangeValue, type WebhookContact } from './webhook-payload.js';
import { senderOf } from './webhook-sender.js';

interface ChangeScope {
  tenantId: number;
  field: string;
  value: WebhookChangeValue;
}

/**
 * One `messages` change: every message and every status on its own, concurrently (the
 * batcher turns a 1 000-message body into a few statements). An item that fails validation
 * or storing is dead-lettered, self-contained (metadata, contacts and that one item), so a
 * replay needs nothing else.
 */
export async function intakeMessagesChange(deps: IntakeDeps, scope: ChangeScope, summary: IntakeSummary): Promise<void> {
  const contacts = (scope.value.contacts ?? []).flatMap((item): WebhookContact[] => {
    const contact = contactSchema.safeParse(withAbsentFieldsDropped(item));
    return contact.success ? [contact.data] : [];
  });
  await Promise.all([
    ...(scope.value.messages ?? []).map((item) =>
      guarded(deps, scope, 'message', item, summary, () => intakeMessage(deps, scope, contacts, item, summary)),
    ),
    ...(scope.value.statuses ?? []).map((item) =>
      guarded(deps, scope, 'status', item, summary, () => intakeStatus(deps, scope, item, summary)),
    ),
  ]);
}

/** Runs one item's intake; whatever it throws sends the item to the dead-letter table instead. */
export async function guarded(
  deps: IntakeDeps,
  scope: ChangeScope,
  kind: DeadLetterKind,
  item: unknown,
  summary: IntakeSummary,
  intake: () => Promise<void>,
): Promise<void> {
  try {
    const unstorable = unstorableJsonReason(item);
    if (unstorable) throw new UnstorableItem(unstorable);
    await intake();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await deps.deadLetter({
      tenantId: scope.tenantId,
      phoneNumberId: scope.value.metadata.phone_number_id,
      field: scope.field,
      kind,
      raw: {
        messaging_product: 'whatsapp',
        metadata: scope.value.metadata,
        ...(kind === 'message' ? { contacts: scope.value.contacts } : {}),
        [itemsKeyOf(kind)]: [item],
      },
      error: reason,
    });
    summary.deadLettered++;
    deps.logger.warn(
      { tenantId: scope.tenantId, field: scope.field, kind, reason: reason.slice(0, 200) },
      'whatsapp webhook item dead-lettered',
    );
  }
}

export class UnstorableItem extends Error {}

const itemsKeyOf = (kind: DeadLetterKind) => (kind === 'status' ? 'statuses' : kind === 'echo' ? 'message_echoes' : 'messages');

async function intakeMessage(
  deps: IntakeDeps,
  scope: ChangeScope,
  contacts: WebhookContact[],
  item: unknown,
  summary: IntakeSummary,
): Promise<void> {
  const parsed = messageSchema.safeParse(withAbsentFieldsDropped(item));
  if (!parsed.success) throw new UnstorableItem(`unexpected message shape: ${issuesOf(parsed.error)}`);
  const message = parsed.data;
  logWebhookErrors(deps.logger, { tenantId: scope.tenantId, level: 'message', type: message.type }, message.errors);
  const sender = senderOf(message, contacts);
  if (!sender) throw new UnstorableItem('message names no phone and no business-scoped user id');
  const content = toInboundMessageContent(message);
  if (content.type === 'system' && !(await isKnownSender(deps, scope.tenantId, sender))) {
    // A number or id change of nobody we know (or redelivered after the move, when the old id is
    // gone): storing it would create a customer and a conversation for that stale id.
    summary.ignored++;
    deps.logger.debug({ tenantId: scope.tenantId, waMessageId: message.id }, 'system event of an unknown customer ignored');
    return;
  }
  const stored = await deps.storeInbound({
    tenantId: scope.tenantId,
    ...sender,
    waMessageId: message.id,
    sentAt: new Date(message.timestamp * 1000),
    content,
    referral: message.referral ?? null,
    raw: item,
  });
  if (stored) summary.stored++;
  else summary.duplicates++;
  deps.logger.debug(
    { tenantId: scope.tenantId, waMessageId: message.id, type: content.type, duplicate: !stored },
    'whatsapp message received',
  );
  if (stored && content.effect) {
    await applyInboundEffect(deps, { tenantId: scope.tenantId, ...stored, sender }, content.effect);
  }
}

async function isKnownSender(deps: IntakeDeps, tenantId: number, sender: { waId: string | null; bsuid: string | null }) {
  const ids = [...(sender.waId ? [{ waId: sender.waId }] : []), ...(sender.bsuid ? [{ bsuid: sender.bsuid }] : [])];
  return (await deps.db.customer.findFirst({ where: { tenantId, OR: ids }, select: { id: true } })) !== null;
}

async function intakeStatus(deps: IntakeDeps, scope: ChangeScope, item: unknown, summary: IntakeSummary): Promise<void> {
  const parsed = statusSchema.safeParse(withAbsentFieldsDropped(item));
  if (!parsed.success) throw new UnstorableItem(`unexpected status shape: ${issuesOf(parsed.error)}`);
  const status = parsed.data;
  const { tenantId } = scope;
  logWebhookErrors(deps.logger, { tenantId, level: 'status', status: status.status }, status.errors);
  const error = status.errors?.[0];
  // Matched by WhatsApp message id, whichever recipient id (phone or business-scoped) it carries.
  const changed = await applyStatusUpdate(deps.db, {
    tenantId,
    waMessageId: status.id,
    status: status.status,
    errorCode: error?.code !== undefined ? String(error.code) : null,
    errorTitle: error?.title ?? error?.message ?? null,
    callbackData: status.biz_opaque_callback_data ?? null,
  });
  summary.statuses++;
  deps.logger.debug({ tenantId, waMessageId: status.id, status: status.status, changed }, 'whatsapp status received');
  if (changed && status.status === 'failed') {
    const failed = await deps.db.message.findFirst({ where: { tenantId, waMessageId: status.id }, select: { id: true } });
    if (failed) await settleUndeliveredMessage(deps, tenantId, failed.id);
  }
}
