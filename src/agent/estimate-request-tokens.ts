import type { CreateMessageParams } from './model-types.js';

/**
 * A deliberately high estimate of the tokens a piece of text costs, without a tokenizer:
 * one token per 3 ASCII characters (Claude's tokenizer averages about 3.5–4 on English and
 * Portuguese prose, fewer on JSON punctuation) and one per other code point (accents, emoji
 * and other scripts cost at least that). Over-estimating only ends runs a little early;
 * under-estimating would let a request past the budget.
 */
export function estimateTokens(text: string): number {
  let ascii = 0;
  let other = 0;
  for (const char of text) {
    if (char.charCodeAt(0) < 128) ascii++;
    else other++;
  }
  return Math.ceil(ascii / 3) + other;
}

/** The estimated input tokens of one Messages API request: system, tools and messages as sent. */
export function estimateRequestTokens(params: Pick<CreateMessageParams, 'system' | 'tools' | 'messages'>): number {
  return estimateTokens(JSON.stringify({ system: params.system, tools: params.tools, messages: params.messages }));
}

/**
 * True when the next regular call would take the run past its input-token budget: the tokens
 * used so far plus this request's estimate. Checked before every regular call (the first
 * included), so a run stays under the budget instead of finding out after the call; the one
 * forced final answer that follows may still spend its own request.
 */
export function isNextRequestOverBudget(
  usedTokens: number,
  nextRequest: Parameters<typeof estimateRequestTokens>[0],
  maxInputTokens: number,
): boolean {
  return usedTokens + estimateRequestTokens(nextRequest) > maxInputTokens;
}
