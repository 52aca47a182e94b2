import type { Db } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import { outboxCallbackData } from './apply-status-update.js';
import { classifyMetaError, shouldRetryLater } from './classify-meta-error.js';
import type { GraphApiClient } from './graph-api-client.js';
import { GraphApiError } from './graph-api-error.js';
import { graphRecipientOf } from './graph-recipient.js';
import { handOffUndeliveredReply } from './hand-off-undelivered-reply.js';
import { assertPhoneNumberNotPaused, pausePhoneNumber } from './phone-number-pause.js';
import { toGraphMessage } from './to-graph-message.js';

export type SendResult = 'sent' | 'sandbox' | 'failed' | 'skipped';

/**
 * Sends one outbound row (the `send-message` job): pending → sending → sent (with its
 * WhatsApp id) or failed (with Meta's error code and title). A row already sent or failed is
 * skipped, so a retried job never sends twice what it recorded as sent. A 4xx is final (the row
 * fails, nothing is thrown); a transient failure (429/5xx/network, after the client's own
 * retries) throws so the job retries with backoff — on the last attempt the row fails instead.
 * Meta's error code overrides the status where it says more (classify-meta-error.ts): 131056
 * and 130429 wait and retry, 131026/131049/132xxx fail at once and are never retried.
 *
 * A tenant without an access token is the sandbox (the demo): nothing is sent to Meta, the
 * row is marked sent with a local id `sandbox.<id>` (`npm run chat` shows those).
 *
 * The one window exactly-once cannot close: if the process dies (or the connection drops)
 * after Meta accepted the message but before `sent` is committed, the row stays `sending`
 * and the retried job sends it again — the Cloud API takes no idempotency key. The window is
 * one HTTP response plus one UPDATE long.
 */
export async function sendOutboundMessage(
  deps: { db: Db; graph: GraphApiClient; logger: Logger },
  messageId: number,
  job: { attempt: number; maxAttempts: number },
): Promise<SendResult> {
  const { db } = deps;
  const claimed = await db.$queryRaw<
    { id: number; tenant_id: number; conversation_id: number; type: string; text: string | null; payload: unknown }[]
  >`
    UPDATE messages SET status = 'sending', attempts = attempts + 1, updated_at = now()
    WHERE id = ${messageId} AND direction = 'outbound' AND status IN ('pending', 'sending')
    RETURNING id, tenant_id, conversation_id, type, text, payload`;
  const row = claimed[0];
  if (!row) return 'skipped';
  const conversation = await db.conversation.findFirstOrThrow({
    where: { id: row.conversation_id, tenantId: row.tenant_id },
    select: {
      customer: { select: { waId: true, bsuid: true, parentBsuid: true } },
      tenant: { select: { phoneNumberId: true, accessToken: true } },
    },
  });
  const logger = deps.logger.child({ tenantId: row.tenant_id, conversationId: row.conversation_id, messageId });
  const { tenant, customer } = conversation;

  if (!tenant.accessToken) {
    await markSent(db, messageId, `sandbox.${messageId}`);
    logger.debug({ text: row.text }, 'sandbox tenant: outbound message stored, not sent to Meta');
    return 'sandbox';
  }
  try {
    assertPhoneNumberNotPaused(tenant.phoneNumberId);
    const { waMessageId } = await deps.graph.sendMessage(
      { phoneNumberId: tenant.phoneNumberId, accessToken: tenant.accessToken },
      { ...toGraphMessage(recipientOrThrow(customer), row), biz_opaque_callback_data: outboxCallbackData(messageId) },
    );
    await markSent(db, messageId, waMessageId);
    return 'sent';
  } catch (error) {
    const graphError = error instanceof GraphApiError ? error : null;
    // Meta's error code decides first (classify-meta-error.ts), the HTTP status otherwise.
    const path = graphError ? classifyMetaError(graphError) : null;
    if (path?.kind === 'retry_phone_number') pausePhoneNumber(tenant.phoneNumberId, path.pauseMs);
    if ((!graphError || (path && shouldRetryLater(path, graphError.retryable))) && job.attempt < job.maxAttempts) {
      // Only a Graph error proves Meta did not take the message; after anything else
      // (e.g. recording `sent` failed) the row stays `sending` and the retry resends.
      if (graphError)
        await db.$executeRaw`UPDATE messages SET status = 'pending', updated_at = now() WHERE id = ${messageId} AND status = 'sending'`;
      throw error;
    }
    const code = graphError
      ? (graphError.metaCode ?? (graphError.httpStatus ? `http_${graphError.httpStatus}` : 'network_error'))
      : 'send_error';
    const title = graphError ? (graphError.metaTitle ?? graphError.message) : 'internal error while sending';
    const failed = await db.$executeRaw`
      UPDATE messages SET status = 'failed', error_code = ${code}, error_title = ${title}, updated_at = now()
      WHERE id = ${messageId} AND status = 'sending'`;
    logger.warn({ errorCode: code, httpStatus: graphError?.httpStatus ?? null }, 'outbound message failed');
    if (failed > 0) await handOffUndeliveredReply({ db, logger: deps.logger }, row.tenant_id, messageId);
    return 'failed';
  }
}

async function markSent(db: Db, messageId: number, waMessageId: string): Promise<void> {
  await db.$executeRaw`
    UPDATE messages SET status = 'sent', wa_message_id = ${waMessageId}, sent_at = now(), updated_at = now()
    WHERE id = ${messageId} AND status = 'sending'`;
}

function recipientOrThrow(customer: { waId: string | null; bsuid: string | null; parentBsuid: string | null }) {
  const recipient = graphRecipientOf(customer);
  if (!recipient) throw new GraphApiError('customer has neither a phone nor a business-scoped user id', null, 'no_recipient', null, false);
  return recipient;
}
