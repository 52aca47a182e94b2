import { modelTexts } from './agent-texts.js';
import { estimateTokens } from './estimate-request-tokens.js';
import type { ContentBlockParam, MessageParam, ToolResultBlockParam, Turn } from './model-types.js';

/**
 * The `messages` of a request from stored history, oldest first:
 * - bounded to about `maxMessages` turns and, when `maxTokens` is given, to that many estimated
 *   tokens (see estimateTokens), starting at a user turn that holds no tool_result (so a
 *   tool_use is never separated from its result); when the current run alone is longer, it
 *   starts at the run's own first turn (`mustInclude`) instead;
 * - a tool_use left without its result (a run that died mid-way) gets a synthetic error
 *   result, since the API refuses unanswered tool_use blocks;
 * - consecutive turns of one role are merged, as the API requires alternation.
 */
export function buildMessageWindow(
  entries: (Turn & { id: number })[],
  maxMessages: number,
  mustInclude?: number,
  maxTokens = Number.POSITIVE_INFINITY,
): MessageParam[] {
  const start = windowStart(entries, maxMessages, mustInclude, maxTokens);
  const window = entries.slice(start);
  const repaired = answerOrphanToolUses(window);
  return mergeSameRoleTurns(repaired);
}

function isCleanUserTurn(turn: Turn): boolean {
  return turn.role === 'user' && !turn.content.some((block) => block.type === 'tool_result');
}

function windowStart(entries: (Turn & { id: number })[], maxMessages: number, mustInclude: number | undefined, maxTokens: number): number {
  const limitIndex = mustInclude === undefined ? entries.length : entries.findIndex((entry) => entry.id === mustInclude);
  // suffixTokens[i]: estimated tokens of entries[i..]
  const suffixTokens = new Array<number>(entries.length + 1).fill(0);
  if (Number.isFinite(maxTokens)) {
    for (let index = entries.length - 1; index >= 0; index--) {
      suffixTokens[index] = (suffixTokens[index + 1] ?? 0) + estimateTokens(JSON.stringify(entries[index]?.content ?? ''));
    }
  }
  let latestClean = -1;
  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index];
    if (!entry || !isCleanUserTurn(entry)) continue;
    const fits = entries.length - index <= maxMessages && (suffixTokens[index] ?? 0) <= maxTokens;
    if (fits && (limitIndex < 0 || index <= limitIndex)) return index;
    if (limitIndex < 0 || index <= limitIndex) latestClean = index;
  }
  return latestClean >= 0 ? latestClean : entries.length;
}

function answerOrphanToolUses(turns: Turn[]): Turn[] {
  const result: Turn[] = [];
  for (let index = 0; index < turns.length; index++) {
    const turn = turns[index] as Turn;
    result.push(turn);
    if (turn.role !== 'assistant') continue;
    const toolUseIds = turn.content.flatMap((block) => (block.type === 'tool_use' ? [block.id] : []));
    if (toolUseIds.length === 0) continue;
    const next = turns[index + 1];
    const answered = new Set(
      next?.role === 'user' ? next.content.flatMap((block) => (block.type === 'tool_result' ? [block.tool_use_id] : [])) : [],
    );
    const missing: ToolResultBlockParam[] = toolUseIds
      .filter((id) => !answered.has(id))
      .map((id) => ({ type: 'tool_result', tool_use_id: id, content: modelTexts.interruptedToolCall, is_error: true }));
    if (missing.length === 0) continue;
    if (next?.role === 'user') {
      const results = next.content.filter((block) => block.type === 'tool_result');
      const rest = next.content.filter((block) => block.type !== 'tool_result');
      turns[index + 1] = { role: 'user', content: [...results, ...missing, ...rest] };
    } else {
      result.push({ role: 'user', content: missing });
    }
  }
  return result;
}

function mergeSameRoleTurns(turns: Turn[]): MessageParam[] {
  const merged: { role: Turn['role']; content: ContentBlockParam[] }[] = [];
  for (const turn of turns) {
    const last = merged.at(-1);
    if (last && last.role === turn.role) last.content = [...last.content, ...turn.content];
    else merged.push({ role: turn.role, content: [...turn.content] });
  }
  return merged;
}
