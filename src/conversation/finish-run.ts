import { runExitOf } from '../agent/index.js';
import type { RunOutcome } from '../agent/responder.js';
import type { Db } from '../db/index.js';
import { findOpenHandoff, requestHandoff } from '../handoff/index.js';
import { CONVERSATION_TEXTS } from './conversation-texts.js';
import type { Turn } from './load-turn.js';
import { claimHandoffNotice, markTurnProcessed, queueTurnReplies } from './turn-writes.js';

/**
 * The run's one final transaction: unless an attendant claimed the conversation meanwhile
 * (then nothing is sent and the run ends `cancelled`), store the replies in the outbox with
 * their send jobs (`run:<runId>:<n>` keys, so a retry stores nothing twice); for a handoff
 * outcome open the handoff and record that the customer was told; mark the turn's messages
 * processed and complete the run. All or nothing: a crash before commit retries the turn.
 */
export async function finishRun(
  db: Db,
  turn: Turn,
  run: { id: number; startedAt: number },
  outcome: RunOutcome,
): Promise<RunOutcome['kind']> {
  return db.$transaction(async (tx) => {
    // A claim committed after this read still lets these replies go out: the attendant took
    // over a moment after the bot answered, which the conversation view shows in order.
    const open = await findOpenHandoff(tx, turn.tenantId, turn.conversationId);
    const kind: RunOutcome['kind'] = open?.status === 'claimed' ? 'cancelled' : outcome.kind;
    let handoffReason: string | null = null;
    if (kind === 'handoff' && outcome.kind === 'handoff') {
      handoffReason = outcome.reason;
      await requestHandoff(tx, {
        tenantId: turn.tenantId,
        conversationId: turn.conversationId,
        reason: outcome.reason,
        note: outcome.note ?? null,
        runId: run.id,
      });
      // The handoff reply itself tells the customer a person will answer.
      await claimHandoffNotice(tx, turn);
      const replies = outcome.replies.length > 0 ? outcome.replies : [{ type: 'text' as const, text: CONVERSATION_TEXTS.handoffNotice }];
      await queueTurnReplies(tx, turn, replies, { author: 'bot', idempotencyKeyPrefix: `run:${run.id}`, runId: run.id });
    } else if (kind === 'answer' && outcome.kind === 'answer') {
      await queueTurnReplies(tx, turn, outcome.replies, { author: 'bot', idempotencyKeyPrefix: `run:${run.id}`, runId: run.id });
    }
    await markTurnProcessed(tx, turn, run.id);
    await tx.agentRun.update({
      where: { id: run.id },
      data: {
        status: 'completed',
        outcome: kind,
        exit: runExitOf(kind === 'cancelled' ? { kind } : outcome),
        handoffReason,
        finishedAt: new Date(),
        durationMs: Date.now() - run.startedAt,
      },
    });
    return kind;
  });
}
