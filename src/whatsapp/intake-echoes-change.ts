import { withAbsentFieldsDropped } from './absent-fields.js';
import type { IntakeDeps, IntakeSummary } from './intake-deps.js';
import { guarded, UnstorableItem } from './intake-messages-change.js';
import { issuesOf } from './issues-of.js';
import { storeOwnerEcho } from './store-owner-echo.js';
import { contactSchema, echoSchema, type WebhookChangeValue, type WebhookContact } from './webhook-payload.js';
import { isPhoneId } from './webhook-sender.js';

/**
 * One `smb_message_echoes` change: each message the owner sent from the WhatsApp Business
 * app, stored on its own (see storeOwnerEcho); one that cannot be stored is dead-lettered.
 */
export async function intakeEchoesChange(
  deps: IntakeDeps,
  scope: { tenantId: number; field: string; value: WebhookChangeValue },
  summary: IntakeSummary,
): Promise<void> {
  const contacts = (scope.value.contacts ?? []).flatMap((item): WebhookContact[] => {
    const contact = contactSchema.safeParse(withAbsentFieldsDropped(item));
    return contact.success ? [contact.data] : [];
  });
  await Promise.all(
    (scope.value.message_echoes ?? []).map((item) =>
      guarded(deps, scope, 'echo', item, summary, async () => {
        const parsed = echoSchema.safeParse(withAbsentFieldsDropped(item));
        if (!parsed.success) throw new UnstorableItem(`unexpected echo shape: ${issuesOf(parsed.error)}`);
        const echo = parsed.data;
        const waId = echo.to && isPhoneId(echo.to) ? echo.to.replace(/^\+/, '') : null;
        const bsuid = echo.to_user_id ?? (echo.to && !isPhoneId(echo.to) ? echo.to : null);
        if (!waId && !bsuid) throw new UnstorableItem('echo names no recipient');
        const contact =
          contacts.find((candidate) => (waId && candidate.wa_id === waId) || (bsuid && candidate.user_id === bsuid)) ??
          (contacts.length === 1 ? contacts[0] : undefined);
        const stored = await storeOwnerEcho(deps.db, {
          tenantId: scope.tenantId,
          recipient: {
            waId,
            bsuid: bsuid ?? contact?.user_id ?? null,
            parentBsuid: contact?.parent_user_id ?? null,
            username: contact?.profile?.username ?? contact?.username ?? null,
            profileName: contact?.profile?.name ?? null,
          },
          item: echo,
          text: echo.text?.body ?? echo.image?.caption ?? echo.video?.caption ?? echo.document?.caption ?? null,
          raw: item,
        });
        if (stored.kind === 'stored') summary.echoes++;
        else summary.duplicates++;
        deps.logger.info(
          { tenantId: scope.tenantId, echo: stored.kind, handoffId: stored.kind === 'stored' ? stored.handoffId : null },
          'owner message from the WhatsApp Business app received',
        );
      }),
    ),
  );
}
