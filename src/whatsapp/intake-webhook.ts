import { withAbsentFieldsDropped } from './absent-fields.js';
import { emptySummary, type IntakeDeps, type IntakeSummary } from './intake-deps.js';
import { intakeEchoesChange } from './intake-echoes-change.js';
import { intakeMessagesChange } from './intake-messages-change.js';
import { issuesOf } from './issues-of.js';
import { logWebhookErrors } from './log-webhook-errors.js';
import { changeValueSchema, webhookPayloadSchema } from './webhook-payload.js';

export { emptySummary, type IntakeDeps, type IntakeSummary };

/**
 * Stores what a verified webhook body carries, dispatching each change on its `field`:
 * `messages` (inbound messages, exactly once with their processing enqueued, and status
 * updates) and `smb_message_echoes` (what the owner sent from the WhatsApp Business app);
 * other fields (template status, account updates…) are acknowledged and skipped.
 *
 * Every message, status and echo is validated and stored on its own, all of a body at once
 * (the intake batcher groups them into a few statements): one that cannot be validated or
 * stored goes, raw, to the dead-letter table and never blocks the others. Errors Meta reports
 * (value-level and message-level `errors`) are logged with their codes. Throws only when even
 * the dead-letter table cannot be written (the database is down): the caller answers 500 and
 * Meta redelivers, and what was stored is skipped as a duplicate.
 */
export async function intakeWebhook(deps: IntakeDeps, body: unknown): Promise<IntakeSummary> {
  const summary = emptySummary();
  const payload = webhookPayloadSchema.safeParse(body);
  if (!payload.success) {
    await deps.deadLetter({ tenantId: null, phoneNumberId: null, field: null, kind: 'body', raw: body, error: issuesOf(payload.error) });
    summary.deadLettered++;
    deps.logger.warn({ issues: payload.error.issues.slice(0, 5) }, 'whatsapp webhook of unexpected shape dead-lettered');
    return summary;
  }
  const changes: Promise<void>[] = [];
  for (const entry of payload.data.entry) {
    for (const change of entry.changes) {
      const field = change.field ?? 'messages';
      if (field !== 'messages' && field !== 'smb_message_echoes') {
        deps.logger.debug({ field }, 'whatsapp webhook field not used by this service: acknowledged');
        summary.ignored++;
        continue;
      }
      changes.push(intakeChange(deps, field, change.value, summary));
    }
  }
  await Promise.all(changes);
  return summary;
}

async function intakeChange(deps: IntakeDeps, field: string, rawValue: unknown, summary: IntakeSummary): Promise<void> {
  const value = changeValueSchema.safeParse(withAbsentFieldsDropped(rawValue, false));
  if (!value.success) {
    await deps.deadLetter({ tenantId: null, phoneNumberId: null, field, kind: 'change', raw: rawValue, error: issuesOf(value.error) });
    summary.deadLettered++;
    deps.logger.warn({ field, issues: value.error.issues.slice(0, 5) }, 'whatsapp change of unexpected shape dead-lettered');
    return;
  }
  const phoneNumberId = value.data.metadata.phone_number_id;
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
  logWebhookErrors(deps.logger, { tenantId, field, level: 'value' }, value.data.errors);
  const scope = { tenantId, field, value: value.data };
  if (field === 'smb_message_echoes') await intakeEchoesChange(deps, scope, summary);
  else await intakeMessagesChange(deps, scope, summary);
}
