import type { Queryable } from '../db/index.js';
import { modelTexts } from './agent-texts.js';
import type { ContentBlockParam, Turn } from './model-types.js';
import { type RecordedToolResult, referencedToolUseIds, restoreToolResults } from './tool-result-content.js';

export interface HistoryEntry extends Turn {
  id: number;
  runId: number | null;
}

/**
 * The conversation's newest `limit` history entries plus every entry of `runId` (so the
 * current run is never cut off), oldest first. Always filtered by tenant and conversation.
 * Tool results are stored once, in agent_tool_calls: the content-less tool_result blocks of
 * the entries are filled in from there (see withoutRecordedContent).
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
  const entries = [...byId.values()]
    .sort((left, right) => left.id - right.id)
    .map(
      (row): HistoryEntry => ({
        id: row.id,
        runId: row.runId,
        role: row.role === 'assistant' ? 'assistant' : 'user',
        content: row.content as unknown as ContentBlockParam[],
      }),
    );
  const toolUseIds = referencedToolUseIds(entries);
  if (toolUseIds.length === 0) return entries;
  const recorded = await db.agentToolCall.findMany({
    where: { tenantId: scope.tenantId, toolUseId: { in: toolUseIds } },
    select: { toolUseId: true, result: true, isError: true },
  });
  const byToolUseId = new Map<string, RecordedToolResult>(recorded.map((row) => [row.toolUseId, row]));
  const restored = restoreToolResults(entries, byToolUseId, modelTexts.missingToolResult);
  return entries.map((entry, index) => ({ ...entry, content: restored[index]?.content ?? entry.content }));
}

/** The highest message id already folded into the conversation's history (0 when none). */
export async function historyMessageWatermark(db: Queryable, scope: { tenantId: number; conversationId: number }): Promise<number> {
  const aggregate = await db.agentHistoryEntry.aggregate({
    where: { tenantId: scope.tenantId, conversationId: scope.conversationId },
    _max: { lastMessageId: true },
  });
  return aggregate._max.lastMessageId ?? 0;
}
