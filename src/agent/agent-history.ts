import type { Queryable } from '../db/index.js';
import type { ContentBlockParam, Turn } from './model-types.js';

export interface HistoryEntry extends Turn {
  id: number;
  runId: number | null;
}

/**
 * The conversation's newest `limit` history entries plus every entry of `runId` (so the
 * current run is never cut off), oldest first. Always filtered by tenant and conversation.
 */
export async function loadRecentHistory(
  db: Queryable,
  scope: { tenantId: number; conversationId: number; runId: number },
  limit: number,
): Promise<HistoryEntry[]> {
  const select = { id: true, role: true, content: true, runId: true } as const;
  const where = { tenantId: scope.tenantId, conversationId: scope.conversationId };
  const [newest, ofRun] = await Promise.all([
    db.agentHistoryEntry.findMany({ where, orderBy: { id: 'desc' }, take: limit, select }),
    db.agentHistoryEntry.findMany({ where: { ...where, runId: scope.runId }, orderBy: { id: 'asc' }, select }),
  ]);
  const byId = new Map([...newest, ...ofRun].map((row) => [row.id, row]));
  return [...byId.values()]
    .sort((left, right) => left.id - right.id)
    .map((row) => ({
      id: row.id,
      runId: row.runId,
      role: row.role === 'assistant' ? 'assistant' : 'user',
      content: row.content as unknown as ContentBlockParam[],
    }));
}

/** The highest message id already folded into the conversation's history (0 when none). */
export async function historyMessageWatermark(db: Queryable, scope: { tenantId: number; conversationId: number }): Promise<number> {
  const aggregate = await db.agentHistoryEntry.aggregate({
    where: { tenantId: scope.tenantId, conversationId: scope.conversationId },
    _max: { lastMessageId: true },
  });
  return aggregate._max.lastMessageId ?? 0;
}
