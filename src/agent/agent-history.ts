import type { Queryable } from '../db/index.js';
import { modelTexts } from './agent-texts.js';
import type { ContentBlockParam, Turn } from './model-types.js';
import { type RecordedToolResult, restoreToolResults } from './tool-result-content.js';

export interface HistoryEntry extends Turn {
  id: number;
  runId: number | null;
}

/** A row of loadRecentHistory's statement: a history entry, or the recorded result of a tool call one of them references. */
interface HistoryRow {
  kind: 'entry' | 'result';
  id: number;
  role: string | null;
  /** the entry's content blocks, or the call's result */
  content: unknown;
  run_id: number | null;
  tool_use_id: string | null;
  is_error: boolean | null;
}

/**
 * The conversation's newest `limit` history entries plus every entry of `runId` (so the
 * current run is never cut off), oldest first. Always filtered by tenant and conversation.
 * Tool results are stored once, in agent_tool_calls: the content-less tool_result blocks of
 * the entries are filled in from there (see withoutRecordedContent). One statement (every run
 * starts with it): the entries and the recorded results they reference come back as rows of
 * two kinds.
 */
export async function loadRecentHistory(
  db: Queryable,
  scope: { tenantId: number; conversationId: number; runId: number },
  limit: number,
): Promise<HistoryEntry[]> {
  const { tenantId, conversationId, runId } = scope;
  const rows = await db.$queryRaw<HistoryRow[]>`
    WITH newest AS (
      SELECT id FROM agent_history WHERE tenant_id = ${tenantId} AND conversation_id = ${conversationId}
      ORDER BY id DESC LIMIT ${limit}
    ),
    entries AS (
      SELECT h.id, h.role, h.content, h.run_id FROM agent_history h
      WHERE h.tenant_id = ${tenantId} AND h.conversation_id = ${conversationId}
        AND (h.id IN (SELECT id FROM newest) OR h.run_id = ${runId})
    )
    SELECT 'entry' AS kind, id, role, content, run_id, NULL::text AS tool_use_id, NULL::boolean AS is_error FROM entries
    UNION ALL
    SELECT 'result', c.id, NULL, c.result, NULL, c.tool_use_id, c.is_error FROM agent_tool_calls c
    WHERE c.tenant_id = ${tenantId} AND c.tool_use_id IN (
      SELECT block->>'tool_use_id' FROM entries e,
        jsonb_array_elements(CASE WHEN jsonb_typeof(e.content) = 'array' THEN e.content ELSE '[]'::jsonb END) AS block
      WHERE block->>'type' = 'tool_result' AND NOT block ? 'content')`;
  const entries = rows
    .filter((row) => row.kind === 'entry')
    .sort((left, right) => left.id - right.id)
    .map(
      (row): HistoryEntry => ({
        id: row.id,
        runId: row.run_id,
        role: row.role === 'assistant' ? 'assistant' : 'user',
        content: row.content as ContentBlockParam[],
      }),
    );
  const recorded = new Map<string, RecordedToolResult>(
    rows.flatMap((row) =>
      row.kind === 'result' && row.tool_use_id ? [[row.tool_use_id, { result: row.content, isError: row.is_error === true }]] : [],
    ),
  );
  const restored = restoreToolResults(entries, recorded, modelTexts.missingToolResult);
  return entries.map((entry, index) => ({ ...entry, content: restored[index]?.content ?? entry.content }));
}
