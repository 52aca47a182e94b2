import { type Db, inTransaction } from '../db/index.js';
import { type GraphApiClient, GraphApiError, type GraphRecipient, graphRecipientOf, toGraphMessage } from '../graph/index.js';
import { enqueueJob, TASKS } from '../queue/index.js';
import type { Logger } from '../shared/index.js';
import { outboxCallbackData } from './apply-status-update.js';
import { classifyMetaError, shouldRetryLater } from './classify-meta-error.js';
import { handOffUndeliveredReply } from './hand-off-undelivered-reply.js';
import { applyParkedStatuses, lockWamid } from './parked-statuses.js';
import { assertPhoneNumberNotPaused, pausePhoneNumber } from './phone-number-pause.js';

export type SendResult = 'sent' | 'sandbox' | 'failed' | 'skipped' | 'awaiting_status';

/** How long a send of unknown outcome waits for its status webhook before it is sent again. */
export const DEFAULT_UNKNOWN_OUTCOME_WAIT_MS = 300_000;
/** Unknown outcomes after which a row is failed and handed to a person instead of sent again. */
const MAX_UNKNOWN_OUTCOMES = 2;

/**
 * What follows a row WhatsApp finally refused (the row is already `failed` with its code):
 * by default a `delivery_failed` handoff (handOffUndeliveredReply); boot/ wires one that first
 * lets a reminder's failure be recorded as the reminder's instead.
 */
export type UndeliveredHandler = (deps: { db: Db; logger: Logger }, tenantId: number, messageId: number) => Promise<void>;

export interface SendDeps {
  db: Db;
  graph: GraphApiClient;
  logger: Logger;
  /** WHATSAPP_SEND_UNKNOWN_WAIT_MS */
  unknownOutcomeWaitMs?: number;
  /** defaults to handOffUndeliveredReply */
  onUndelivered?: UndeliveredHandler;
}

interface ClaimedRow {
  id: number;
  tenant_id: number;
  conversation_id: number;
  type: string;
  text: string | null;
  payload: unknown;
  previous_status: string;
  outcome_unknown_at: Date | null;
  unknown_outcomes: number;
  /** whether the row's conversation exists (in its tenant); the recipient and sender below come from it */
  found: boolean;
  wa_id: string | null;
  bsuid: string | null;
  parent_bsuid: string | null;
  phone_number_id: string | null;
  access_token: string | null;
}

/**
 * Sends one outbound row (the `send-message` job): pending → sending → sent (with its
 * WhatsApp id) or failed (with Meta's error code and title). A row already sent or failed is
 * skipped, so a retried job never sends twice what it recorded as sent. A 4xx is final (the row
 * fails, nothing is thrown); a failure that proves Meta did not take the message (429, 5xx with
 * Meta's body, connect errors, after the client's own retries) throws so the job retries with
 * backoff — on the last attempt the row fails instead.
 *
 * Exactly once when Meta is slow: a request that may have reached Meta (timeout or reset after
 * the body was written; or an earlier attempt that died mid-request, found as a row still
 * `sending`) is an unknown outcome. The row stays `sending` and nothing is posted again until
 * `unknownOutcomeWaitMs` (default 5 min) has passed: the status webhook Meta sends within
 * seconds for an accepted message carries `biz_opaque_callback_data` = `outbox:<id>`, which
 * records the row as sent (applyStatusUpdate) and makes the later check skip it. If no status
 * arrives in that window, the message is taken as not received and sent once more; a second
 * unknown outcome fails the row and hands the conversation to a person (`delivery_failed`).
 * What remains: Meta took the message but its status webhook reaches us only after the window
 * (webhooks down for minutes) — then the customer gets it twice.
 *
 * Meta's error code overrides the status where it says more (classify-meta-error.ts): 131056
 * and 130429 wait and retry (130429 pauses every send from that number in this process),
 * 131026/131049/131062/132xxx fail at once and are never retried. The customer is addressed by
 * phone (`to`) or, for a username-only customer, by business-scoped user id (`recipient`).
 *
 * Meta's answer is written first, in its own statement, retried a few times; if that still
 * fails the row stays `sending` and the next attempt waits for the status webhook instead of
 * sending again.
 *
 * A tenant without an access token is the sandbox (the demo): nothing is sent to Meta, the
 * row is marked sent with a local id `sandbox.<id>` (`npm run chat` shows those).
 */
export async function sendOutboundMessage(
  deps: SendDeps,
  messageId: number,
  job: { attempt: number; maxAttempts: number },
): Promise<SendResult> {
  const { db } = deps;
  const waitMs = deps.unknownOutcomeWaitMs ?? DEFAULT_UNKNOWN_OUTCOME_WAIT_MS;
  // The claim also reads who to send to and from (customer and tenant): one statement, not three.
  const claimed = await db.$queryRaw<ClaimedRow[]>`
    WITH previous AS (SELECT id, status, conversation_id, tenant_id FROM messages WHERE id = ${messageId} FOR UPDATE)
    UPDATE messages m SET status = 'sending', attempts = m.attempts + 1, updated_at = now()
    FROM previous
    LEFT JOIN conversations c ON c.id = previous.conversation_id AND c.tenant_id = previous.tenant_id
    LEFT JOIN customers cu ON cu.id = c.customer_id AND cu.tenant_id = c.tenant_id
    LEFT JOIN tenants t ON t.id = c.tenant_id
    WHERE m.id = previous.id AND m.direction = 'outbound' AND m.status IN ('pending', 'sending')
    RETURNING m.id, m.tenant_id, m.conversation_id, m.type, m.text, m.payload, previous.status AS previous_status,
              m.outcome_unknown_at, m.unknown_outcomes, c.id IS NOT NULL AS found,
              cu.wa_id, cu.bsuid, cu.parent_bsuid, t.phone_number_id, t.access_token`;
  const row = claimed[0];
  if (!row) return 'skipped';
  const logger = deps.logger.child({ tenantId: row.tenant_id, conversationId: row.conversation_id, messageId });

  if (row.previous_status === 'sending' && row.outcome_unknown_at === null) {
    // An earlier attempt claimed the row and never recorded an answer: it may have reached Meta.
    Object.assign(row, await recordUnknownOutcome(db, messageId));
    logger.warn('outbound message found mid-send: waiting for its status webhook before any resend');
  }
  if (row.outcome_unknown_at !== null) {
    const dueAt = new Date(row.outcome_unknown_at.getTime() + waitMs);
    if (dueAt.getTime() > Date.now()) {
      await scheduleCheck(db, messageId, dueAt);
      return 'awaiting_status';
    }
    // No status webhook in the window: Meta most likely never took it.
    if (row.unknown_outcomes >= MAX_UNKNOWN_OUTCOMES) {
      return failRow(deps, row, logger, 'outcome_unknown', 'sem confirmação do WhatsApp após reenvio');
    }
    await db.$executeRaw`UPDATE messages SET outcome_unknown_at = NULL, updated_at = now() WHERE id = ${messageId}`;
    logger.warn({ waitedMs: waitMs }, 'no status webhook for a send of unknown outcome: sending it again');
  }

  if (!row.found || row.phone_number_id === null) {
    // Nothing was sent yet: the retried job may send without waiting.
    await db.$executeRaw`UPDATE messages SET status = 'pending', updated_at = now() WHERE id = ${messageId} AND status = 'sending'`;
    throw new Error(`outbound message ${messageId}: its conversation was not found`);
  }
  const tenant = { phoneNumberId: row.phone_number_id, accessToken: row.access_token };
  const customer = { waId: row.wa_id, bsuid: row.bsuid, parentBsuid: row.parent_bsuid };

  if (!tenant.accessToken) {
    await recordSent(db, row.tenant_id, messageId, `sandbox.${messageId}`);
    logger.debug({ text: row.text }, 'sandbox tenant: outbound message stored, not sent to Meta');
    return 'sandbox';
  }
  let waMessageId: string;
  try {
    assertPhoneNumberNotPaused(tenant.phoneNumberId);
    ({ waMessageId } = await deps.graph.sendMessage(
      { phoneNumberId: tenant.phoneNumberId, accessToken: tenant.accessToken },
      { ...toGraphMessage(recipientOrThrow(customer), row), biz_opaque_callback_data: outboxCallbackData(messageId) },
    ));
  } catch (error) {
    const graphError = error instanceof GraphApiError ? error : null;
    if (graphError?.outcomeUnknown) {
      const unknown = await recordUnknownOutcome(db, messageId);
      await scheduleCheck(db, messageId, new Date(unknown.outcome_unknown_at.getTime() + waitMs));
      logger.warn({ httpStatus: graphError.httpStatus, waitMs }, 'send of unknown outcome: waiting for its status webhook');
      return 'awaiting_status';
    }
    // Meta's error code decides first (classify-meta-error.ts), the HTTP status otherwise.
    const path = graphError ? classifyMetaError(graphError) : null;
    if (path?.kind === 'retry_phone_number') pausePhoneNumber(tenant.phoneNumberId, path.pauseMs);
    if ((!graphError || (path && shouldRetryLater(path, graphError.retryable))) && job.attempt < job.maxAttempts) {
      // The request never left, or Meta said it did not take it: the retry may send at once.
      await db.$executeRaw`UPDATE messages SET status = 'pending', updated_at = now() WHERE id = ${messageId} AND status = 'sending'`;
      throw error;
    }
    const code = graphError
      ? (graphError.metaCode ?? (graphError.httpStatus ? `http_${graphError.httpStatus}` : 'network_error'))
      : 'send_error';
    const title = graphError ? (graphError.metaTitle ?? graphError.message) : 'internal error while sending';
    return failRow(deps, row, logger, code, title, graphError?.httpStatus ?? null);
  }
  const early = await recordSent(db, row.tenant_id, messageId, waMessageId);
  if (early.includes('failed')) {
    // A `failed` status came before Meta's answer was recorded: the same handling as a failed send.
    logger.warn('outbound message failed (status webhook before the send was recorded)');
    await (deps.onUndelivered ?? handOffUndeliveredReply)({ db, logger: deps.logger }, row.tenant_id, row.id);
    return 'failed';
  }
  return 'sent';
}

function recipientOrThrow(customer: { waId: string | null; bsuid: string | null; parentBsuid: string | null }): GraphRecipient {
  const recipient = graphRecipientOf(customer);
  if (!recipient) throw new GraphApiError('customer has neither a phone nor a business-scoped user id', null, 'no_recipient', null, false);
  return recipient;
}

/**
 * Writes Meta's answer in its own transaction, retried: nothing else runs before it. Statuses
 * that arrived before it (parked) are applied in the same transaction; returns those that changed the row.
 */
async function recordSent(db: Db, tenantId: number, messageId: number, waMessageId: string): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inTransaction(db, async (tx) => {
        await lockWamid(tx, tenantId, waMessageId);
        const recorded = await tx.$executeRaw`
          UPDATE messages SET status = 'sent', wa_message_id = ${waMessageId}, sent_at = now(), outcome_unknown_at = NULL, updated_at = now()
          WHERE id = ${messageId} AND status = 'sending'`;
        return recorded > 0 ? applyParkedStatuses(tx, tenantId, waMessageId) : [];
      });
    } catch (error) {
      // Still failing: the row stays `sending`, so the next attempt waits for the status webhook.
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * attempt));
    }
  }
}

async function recordUnknownOutcome(db: Db, messageId: number): Promise<{ outcome_unknown_at: Date; unknown_outcomes: number }> {
  const rows = await db.$queryRaw<{ outcome_unknown_at: Date; unknown_outcomes: number }[]>`
    UPDATE messages SET outcome_unknown_at = now(), unknown_outcomes = unknown_outcomes + 1, updated_at = now()
    WHERE id = ${messageId} RETURNING outcome_unknown_at, unknown_outcomes`;
  return rows[0] ?? { outcome_unknown_at: new Date(), unknown_outcomes: 1 };
}

/** A later run of the send job for this row, when its status webhook should have come. */
async function scheduleCheck(db: Db, messageId: number, runAt: Date): Promise<void> {
  await enqueueJob(db, {
    task: TASKS.sendMessage,
    payload: { messageId },
    runAt,
    jobKey: `send-message-check:${messageId}`,
    jobKeyMode: 'replace',
  });
}

async function failRow(
  deps: SendDeps,
  row: ClaimedRow,
  logger: Logger,
  code: string,
  title: string,
  httpStatus: number | null = null,
): Promise<SendResult> {
  const failed = await deps.db.$executeRaw`
    UPDATE messages SET status = 'failed', error_code = ${code}, error_title = ${title}, updated_at = now()
    WHERE id = ${row.id} AND status = 'sending'`;
  logger.warn({ errorCode: code, httpStatus }, 'outbound message failed');
  if (failed > 0) await (deps.onUndelivered ?? handOffUndeliveredReply)({ db: deps.db, logger: deps.logger }, row.tenant_id, row.id);
  return 'failed';
}
