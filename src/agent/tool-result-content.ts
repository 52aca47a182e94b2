import type { ContentBlockParam, Turn } from './model-types.js';

/** What `agent_tool_calls` keeps of one call that a tool_result can be rebuilt from. */
export interface RecordedToolResult {
  result: unknown;
  isError: boolean;
}

/**
 * The tool_result `content` the model was given for a recorded call: a failure's message
 * (stored as `{ error }`), or the handler's value as JSON.
 */
export function toolResultContentOf(row: RecordedToolResult): string {
  const result = row.result as { error?: unknown } | null;
  if (row.isError && typeof result?.error === 'string') return result.error;
  return JSON.stringify(row.result ?? null);
}

/**
 * The form a tool_result turn is stored in `agent_history`: its blocks without `content`.
 * The result lives once, in `agent_tool_calls` (by `tool_use_id`), and loadRecentHistory puts
 * it back; storing it in both was most of a booking conversation's history bytes.
 */
export function withoutRecordedContent(turn: Turn): Turn {
  return {
    role: turn.role,
    content: turn.content.map((block): ContentBlockParam => {
      if (block.type !== 'tool_result') return block;
      const { content: _content, ...reference } = block;
      return reference;
    }),
  };
}

/** The tool_use ids of the stored tool_result blocks that hold no content (their results are in agent_tool_calls). */
export function referencedToolUseIds(turns: Turn[]): string[] {
  return turns.flatMap((turn) =>
    turn.content.flatMap((block) => (block.type === 'tool_result' && block.content === undefined ? [block.tool_use_id] : [])),
  );
}

/**
 * The turns with every content-less tool_result filled in from its recorded call. A call
 * whose record is gone (erased with the customer's data) reads as `missing`.
 */
export function restoreToolResults(turns: Turn[], recorded: ReadonlyMap<string, RecordedToolResult>, missing: string): Turn[] {
  return turns.map((turn) => ({
    role: turn.role,
    content: turn.content.map((block): ContentBlockParam => {
      if (block.type !== 'tool_result' || block.content !== undefined) return block;
      const row = recorded.get(block.tool_use_id);
      return { ...block, content: row ? toolResultContentOf(row) : missing };
    }),
  }));
}
