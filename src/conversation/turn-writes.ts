import type { Tx } from '../db/index.js';
import { queueOutboundReplies } from '../outbox/index.js';
import type { OutboundReply } from '../shared/index.js';
import type { TurnScope } from './plan-turn-ending.js';

/** Marks the turn's inbound messages processed (only those the run saw; later ones wait for the next run). */
export async function markTurnProcessed(tx: Tx, turn: TurnScope, runId: number | null): Promise<void> {
  const ids = turn.messageIds;
  await tx.$executeRaw`
    UPDATE messages SET status = 'processed', processed_at = now(), run_id = ${runId}, updated_at = now()
    WHERE id = ANY(${ids}::int[]) AND tenant_id = ${turn.tenantId} AND status = 'received'`;
}

/**
 * Queues replies of the turn's plan. The plan already read the customer window in this
 * transaction (a closed one plans no replies), so a refusal here contradicts it: a bug, thrown.
 */
export async function queueTurnReplies(
  tx: Tx,
  turn: TurnScope,
  replies: OutboundReply[],
  options: { author: 'bot' | 'system'; idempotencyKeyPrefix: string; runId?: number | null },
): Promise<void> {
  if (replies.length === 0) return;
  const queued = await queueOutboundReplies(tx, {
    tenantId: turn.tenantId,
    conversationId: turn.conversationId,
    replies,
    author: options.author,
    idempotencyKeyPrefix: options.idempotencyKeyPrefix,
    runId: options.runId ?? null,
    // The turn's commit read the window open in this transaction before it planned these replies.
    windowReadOpen: true,
  });
  if (queued.kind !== 'queued') throw new Error(`the turn's plan queued replies the outbox refused (${queued.kind})`);
}
