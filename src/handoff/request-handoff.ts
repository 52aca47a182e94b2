import type { Queryable } from '../db/index.js';
import type { HandoffReason } from './handoff-reasons.js';

export interface OpenHandoff {
  id: number;
  status: 'pending' | 'claimed';
  reason: string;
  created: boolean;
}

/**
 * Puts a conversation in the human queue. At most one open handoff exists per
 * conversation (partial unique index): a second trigger while one is open returns that
 * one (`created: false`) and writes nothing.
 */
export async function requestHandoff(
  tx: Queryable,
  request: { tenantId: number; conversationId: number; reason: HandoffReason; note?: string | null; runId?: number | null },
): Promise<OpenHandoff> {
  const inserted = await tx.$queryRaw<{ id: number; status: 'pending'; reason: string }[]>`
    INSERT INTO handoffs (tenant_id, conversation_id, reason, note, run_id)
    VALUES (${request.tenantId}, ${request.conversationId}, ${request.reason}, ${request.note ?? null}, ${request.runId ?? null})
    ON CONFLICT (conversation_id) WHERE status IN ('pending', 'claimed') DO NOTHING
    RETURNING id, status, reason`;
  if (inserted[0]) return { ...inserted[0], created: true };
  const open = await findOpenHandoff(tx, request.tenantId, request.conversationId);
  if (!open) throw new Error('open handoff vanished while being reused');
  return { ...open, created: false };
}

/** The conversation's open (pending or claimed) handoff, if any. While one exists the bot stays silent. */
export async function findOpenHandoff(tx: Queryable, tenantId: number, conversationId: number) {
  const open = await tx.handoff.findFirst({
    where: { tenantId, conversationId, status: { in: ['pending', 'claimed'] } },
    select: { id: true, status: true, reason: true },
  });
  return open as { id: number; status: 'pending' | 'claimed'; reason: string } | null;
}
