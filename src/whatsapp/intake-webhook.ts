import type { Db } from '../db/index.js';
import { applyStatusUpdate, handOffUndeliveredReply } from '../outbox/index.js';
import type { Logger } from '../shared/index.js';
import { toInboundMessageContent } from './inbound-message-content.js';
import type { StoreInbound } from './intake-batcher.js';
import type { TenantResolver } from './tenant-resolver.js';
import { changeValueSchema, messageSchema, statusSchema, type WebhookChangeValue, webhookPayloadSchema } from './webhook-payload.js';

export interface IntakeSummary {
  stored: number;
  duplicates: number;
  statuses: number;
  /** parts skipped: unexpected shape or a phone_number_id of no tenant */
  ignored: number;
}

interface IntakeDeps {
  db: Db;
  logger: Logger;
  resolveTenant: TenantResolver;
  /** stores a message with its job (see createIntakeBatcher); false for a redelivery */
  storeInbound: StoreInbound;
  /** true when this tenant's webhooks must be ignored (signed with the development secret, tenant has a token) */
  refusesTenant?: (tenantId: number) => Promise<boolean>;
}

/**
 * Stores what a verified webhook body carries: each inbound message (exactly once, with its
 * processing enqueued) and each status update. Parts of an unexpected shape and numbers of no
 * tenant are logged and skipped, never thrown: Meta would only redeliver the same body.
 * Database failures do throw (the caller answers 500 and Meta redelivers; duplicates are skipped).
 */
export async function intakeWebhook(deps: IntakeDeps, body: unknown): Promise<IntakeSummary> {
  const summary: IntakeSummary = { stored: 0, duplicates: 0, statuses: 0, ignored: 0 };
  const payload = webhookPayloadSchema.safeParse(body);
  if (!payload.success) {
    deps.logger.warn({ issues: payload.error.issues.slice(0, 5) }, 'whatsapp webhook of unexpected shape ignored');
    summary.ignored++;
    return summary;
  }
  for (const entry of payload.data.entry) {
    for (const change of entry.changes) {
      const value = changeValueSchema.safeParse(change.value);
      if (!value.success) {
        deps.logger.warn({ field: change.field, issues: value.error.issues.slice(0, 5) }, 'whatsapp change of unexpected shape ignored');
        summary.ignored++;
        continue;
      }
      await intakeChange(deps, value.data, summary);
    }
  }
  return summary;
}

async function intakeChange(deps: IntakeDeps, value: WebhookChangeValue, summary: IntakeSummary): Promise<void> {
  const phoneNumberId = value.metadata.phone_number_id;
  const tenantId = await deps.resolveTenant(phoneNumberId);
  if (tenantId === null) {
    deps.logger.warn({ phoneNumberId }, 'whatsapp webhook for a phone_number_id of no tenant ignored');
    summary.ignored++;
    return;
  }
  if (await deps.refusesTenant?.(tenantId)) {
    deps.logger.error(
      { tenantId },
      'whatsapp webhook signed with the development app secret for a tenant with an access token ignored: set WHATSAPP_APP_SECRET',
    );
    summary.ignored++;
    return;
  }
  for (const item of value.messages ?? []) {
    const message = messageSchema.safeParse(item);
    if (!message.success) {
      deps.logger.warn({ tenantId, issues: message.error.issues.slice(0, 5) }, 'whatsapp message of unexpected shape ignored');
      summary.ignored++;
      continue;
    }
    const profileName = value.contacts?.find((contact) => contact.wa_id === message.data.from)?.profile?.name ?? null;
    const stored = await deps.storeInbound({
      tenantId,
      waId: message.data.from,
      profileName,
      waMessageId: message.data.id,
      sentAt: new Date(Number(message.data.timestamp) * 1000),
      content: toInboundMessageContent(message.data),
      raw: item,
    });
    if (stored) summary.stored++;
    else summary.duplicates++;
    deps.logger.debug({ tenantId, waMessageId: message.data.id, duplicate: !stored }, 'whatsapp message received');
  }
  for (const item of value.statuses ?? []) {
    const status = statusSchema.safeParse(item);
    if (!status.success) {
      deps.logger.warn({ tenantId, issues: status.error.issues.slice(0, 5) }, 'whatsapp status of unexpected shape ignored');
      summary.ignored++;
      continue;
    }
    const error = status.data.errors?.[0];
    const changed = await applyStatusUpdate(deps.db, {
      tenantId,
      waMessageId: status.data.id,
      status: status.data.status,
      errorCode: error ? String(error.code) : null,
      errorTitle: error?.title ?? null,
      callbackData: status.data.biz_opaque_callback_data ?? null,
    });
    summary.statuses++;
    deps.logger.debug({ tenantId, waMessageId: status.data.id, status: status.data.status, changed }, 'whatsapp status received');
    if (changed && status.data.status === 'failed') {
      const failed = await deps.db.message.findFirst({ where: { tenantId, waMessageId: status.data.id }, select: { id: true } });
      if (failed) await handOffUndeliveredReply(deps, tenantId, failed.id);
    }
  }
}
