import type { Tx } from '../db/index.js';
import { queueOutboundReplies } from '../outbox/index.js';
import { isAppError, type OutboundReply } from '../shared/index.js';
import type { TurnScope } from './plan-turn-ending.js';

/** Marks the turn's inbound messages processed (only those the run saw; later ones wait for the next run). */
export async function markTurnProcessed(tx: Tx, turn: TurnScope, runId: number | null): Promise<void> {
  const ids = turn.messageIds;
  await tx.$executeRaw`
    UPDATE messages SET status = 'processed', processed_at = now(), run_id = ${runId}, updated_at = now()
    WHERE id = ANY(${ids}::int[]) AND tenant_id = ${turn.tenantId} AND status = 'received'`;
}

/**
 * Queues replies of the pipeline itself; when the 24-hour window has closed (a very late
 * redelivery) they are dropped instead of failing the job, since they could not be sent.
 */
export async function queueTurnReplies(
  tx: Tx,
  turn: TurnScope,
  replies: OutboundReply[],
  options: { author: 'bot' | 'system'; idempotencyKeyPrefix: string; runId?: number | null },
): Promise<number> {
  if (replies.length === 0) return 0;
  try {
    const stored = await queueOutboundReplies(tx, {
      tenantId: turn.tenantId,
      conversationId: turn.conversationId,
      replies,
      author: options.author,
      idempotencyKeyPrefix: options.idempotencyKeyPrefix,
      runId: options.runId ?? null,
    });
    return stored.length;
  } catch (error) {
    if (isAppError(error) && error.code === 'outside_customer_window') return 0;
    throw error;
  }
}
