import { claimsUnverifiedSuccess, type SuccessfulWrite } from './claims-unverified-success.js';
import { lastCompleteSentence } from './last-complete-sentence.js';
import type { ModelMessage, ToolUseBlock } from './model-types.js';
import { textOf, toolUsesOf } from './response-content.js';

/** A tool call cut off by max_tokens is asked for again once, with this many times the limit. */
const TRUNCATED_TOOL_USE_RETRY_FACTOR = 4;
export const MAX_OUTPUT_TOKENS_CEILING = 8192;

/** What the run established so far that a decision needs (see RunToolLedger). */
export interface StepLedger {
  successfulWrites(): readonly SuccessfulWrite[];
}

/** The limits a decision needs: the regular output limit and the one this response was asked with. */
export interface StepBudgets {
  maxOutputTokens: number;
  /** max_tokens of the request that produced this response */
  requestedMaxTokens: number;
}

/** Handoff reasons the loop itself decides from a response. */
export type StepHandoffReason = 'tool_use_truncated' | 'refusal' | 'unknown_stop_reason' | 'token_budget';

/**
 * What the loop does with one model response; it only performs it. Budget stops and
 * limits are variants too, never exceptions. `warning` is logged by the loop.
 */
type NextStep =
  /** store the assistant turn first (its tool_use ids), run the tools, call again */
  | { kind: 'run_tools'; toolUses: ToolUseBlock[] }
  /** a paused turn: store the content as the last assistant turn, call again */
  | { kind: 'continue_after_pause' }
  /** a tool_use cut by max_tokens: never executed nor stored; ask again with this limit */
  | { kind: 'retry_larger'; maxTokens: number; warning: string }
  /** the answer is not sent: tell the model why (and keep the rejected text in history, unsent) */
  | { kind: 'ask_again'; reason: 'empty_answer' }
  | { kind: 'ask_again'; reason: 'unverified_success'; rejectedText: string; warning: string }
  /** the customer's answer */
  | { kind: 'answer'; text: string; truncated: boolean; warning?: string }
  /** the run ends in a handoff with this text for the customer (the loop's default text when null) */
  | { kind: 'handoff'; reason: StepHandoffReason; text: string | null; truncated?: boolean; warning: string };

/**
 * Decides the next step from a response, without side effects. Continue-cases come first:
 * `pause_turn` must be handled before any "no tool_use → done" exit, since a paused turn
 * has no tool_use blocks yet is not finished (the API continues it when it gets the
 * assistant content back as the last turn). Every stop_reason the SDK knows is named; a
 * value it does not know (or none) hands off as `unknown_stop_reason`.
 */
export function nextStep(response: ModelMessage, ledger: StepLedger, budgets: StepBudgets): NextStep {
  const stopReason: string | null = response.stop_reason;
  switch (stopReason) {
    case 'pause_turn':
      return { kind: 'continue_after_pause' };
    case 'tool_use': {
      const toolUses = toolUsesOf(response);
      if (toolUses.length > 0) return { kind: 'run_tools', toolUses };
      // Said tool_use but called none: not a tool step. Its text (if any) is the answer, named as the anomaly it is.
      return answerStep(textOf(response), false, ledger, 'stop_reason tool_use without tool_use blocks: taken as the answer');
    }
    case 'max_tokens': {
      if (response.content.at(-1)?.type === 'tool_use') {
        // A cut tool_use has a partial input: never executed, never kept in history.
        if (budgets.requestedMaxTokens > budgets.maxOutputTokens) {
          return { kind: 'handoff', reason: 'tool_use_truncated', text: null, warning: 'tool_use cut by max_tokens again: handing off' };
        }
        const maxTokens = Math.min(budgets.maxOutputTokens * TRUNCATED_TOOL_USE_RETRY_FACTOR, MAX_OUTPUT_TOKENS_CEILING);
        return { kind: 'retry_larger', maxTokens, warning: 'tool_use cut by max_tokens: asking again with a larger limit' };
      }
      return answerStep(lastCompleteSentence(textOf(response)), true, ledger);
    }
    case 'model_context_window_exceeded': {
      // The context window is full: another call cannot fit either, so it ends like a token budget,
      // keeping whatever complete, verifiable sentences the cut response has.
      const text = lastCompleteSentence(textOf(response));
      const usable = text && !claimsUnverifiedSuccess(text, ledger.successfulWrites()) ? text : null;
      return {
        kind: 'handoff',
        reason: 'token_budget',
        text: usable,
        truncated: usable !== null,
        warning: 'model context window exceeded: handing off',
      };
    }
    case 'refusal':
      return { kind: 'handoff', reason: 'refusal', text: null, warning: 'model refused' };
    case 'end_turn':
    case 'stop_sequence':
      return answerStep(textOf(response), false, ledger);
    default:
      return { kind: 'handoff', reason: 'unknown_stop_reason', text: null, warning: 'unknown stop_reason: handing off' };
  }
}

/** A response without tools: the answer, unless it is empty or claims an unverified booking (then the model goes again). */
function answerStep(text: string, truncated: boolean, ledger: StepLedger, warning?: string): NextStep {
  if (!text) return { kind: 'ask_again', reason: 'empty_answer' };
  if (claimsUnverifiedSuccess(text, ledger.successfulWrites())) {
    return {
      kind: 'ask_again',
      reason: 'unverified_success',
      rejectedText: text,
      warning: 'answer claims a booking change no tool confirmed: not sent',
    };
  }
  return { kind: 'answer', text, truncated, ...(warning ? { warning } : {}) };
}
