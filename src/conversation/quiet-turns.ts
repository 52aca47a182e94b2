import type { Db, Prisma } from '../db/index.js';
import { requestHandoff } from '../handoff/index.js';
import { CONVERSATION_TEXTS } from './conversation-texts.js';
import type { Turn } from './load-turn.js';
import { claimHandoffNotice, lastMessageId, markTurnProcessed, queueTurnReplies } from './turn-writes.js';

const text = (value: string) => [{ type: 'text' as const, text: value }];

/**
 * A turn while a handoff is open: the bot stays silent; the customer is told once that a
 * person will answer (not per message; resolving the handoff clears the flag).
 */
export async function silenceForOpenHandoff(db: Db, turn: Turn): Promise<void> {
  await db.$transaction(async (tx) => {
    if (await claimHandoffNotice(tx, turn)) {
      await queueTurnReplies(tx, turn, text(CONVERSATION_TEXTS.handoffNotice), {
        author: 'system',
        idempotencyKeyPrefix: `handoff-notice:${turn.conversationId}:${lastMessageId(turn)}`,
      });
    }
    await markTurnProcessed(tx, turn, null);
  });
}

/**
 * A turn with nothing readable (images, audio, stickers…): one polite answer for the whole
 * burst that only text is read here (an audio gets "please type"). When the customer answers
 * that notice with more unreadable content, a person takes over (`unsupported_message`)
 * instead of the same notice again.
 */
export async function answerUnreadableTurn(db: Db, turn: Turn): Promise<'notice' | 'handoff'> {
  const hasAudio = turn.messages.some((message) => message.type === 'audio');
  return db.$transaction(async (tx) => {
    if (await wasToldTextOnlyJustBefore(tx, turn)) {
      await requestHandoff(tx, { tenantId: turn.tenantId, conversationId: turn.conversationId, reason: 'unsupported_message' });
      if (await claimHandoffNotice(tx, turn)) {
        await queueTurnReplies(tx, turn, text(CONVERSATION_TEXTS.unsupportedHandoff), {
          author: 'system',
          idempotencyKeyPrefix: `unsupported:${turn.conversationId}:${lastMessageId(turn)}`,
        });
      }
      await markTurnProcessed(tx, turn, null);
      return 'handoff';
    }
    await queueTurnReplies(tx, turn, text(hasAudio ? CONVERSATION_TEXTS.audio : CONVERSATION_TEXTS.textOnly), {
      author: 'bot',
      idempotencyKeyPrefix: `unreadable:${turn.conversationId}:${lastMessageId(turn)}`,
    });
    await markTurnProcessed(tx, turn, null);
    return 'notice';
  });
}

/** True when our last message was the text-only notice and the customer wrote nothing readable since. */
async function wasToldTextOnlyJustBefore(tx: Prisma.TransactionClient, turn: Turn): Promise<boolean> {
  const firstId = turn.messages[0]?.id ?? 0;
  const rows = await tx.$queryRaw<{ told: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM (
        SELECT id, idempotency_key FROM messages
        WHERE conversation_id = ${turn.conversationId} AND tenant_id = ${turn.tenantId} AND direction = 'outbound' AND id < ${firstId}
        ORDER BY id DESC LIMIT 1
      ) last_outbound
      WHERE last_outbound.idempotency_key LIKE 'unreadable:%'
        AND NOT EXISTS (
          SELECT 1 FROM messages inbound
          WHERE inbound.conversation_id = ${turn.conversationId} AND inbound.direction = 'inbound'
            AND inbound.id > last_outbound.id AND inbound.id < ${firstId}
            AND inbound.type IN ('text', 'interactive', 'button')
        )
    ) AS told`;
  return rows[0]?.told === true;
}

/**
 * The last attempt of a failing turn: instead of retrying forever, hand the conversation to
 * a person (`processing_failed`), apologise once, mark the messages processed and the run failed.
 */
export async function giveUpTurn(db: Db, turn: Turn, runId: number | null, error: unknown): Promise<void> {
  const message = error instanceof Error ? error.message : String(error);
  await db.$transaction(async (tx) => {
    await requestHandoff(tx, {
      tenantId: turn.tenantId,
      conversationId: turn.conversationId,
      reason: 'processing_failed',
      note: message.slice(0, 500),
      runId,
    });
    if (await claimHandoffNotice(tx, turn)) {
      await queueTurnReplies(tx, turn, text(CONVERSATION_TEXTS.processingFailed), {
        author: 'system',
        idempotencyKeyPrefix: `gave-up:${turn.conversationId}:${lastMessageId(turn)}`,
      });
    }
    await markTurnProcessed(tx, turn, runId);
    if (runId !== null) {
      await tx.agentRun.updateMany({
        where: { id: runId, tenantId: turn.tenantId },
        data: { status: 'failed', outcome: 'failed', exit: 'error', error: message.slice(0, 2000), finishedAt: new Date() },
      });
    }
  });
}
