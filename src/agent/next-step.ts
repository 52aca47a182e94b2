import { type AnswerDeclaration, type ClaimEvidence, type ClaimVerdict, verifyAnswerClaims } from '../answer-claims/index.js';
import { customerTexts, modelTexts } from './agent-texts.js';
import { readFinalAnswer } from './final-answer-tool.js';
import { lastCompleteSentence } from './last-complete-sentence.js';
import type { ModelMessage, ToolUseBlock, Turn } from './model-types.js';
import { assistantTurnOf, textOf, toolUsesOf } from './response-content.js';

/** A tool call cut off by max_tokens is asked for again once, with this many times the limit. */
const TRUNCATED_TOOL_USE_RETRY_FACTOR = 4;
export const MAX_OUTPUT_TOKENS_CEILING = 8192;

/** What the run established so far that a decision needs (see RunToolLedger). */
export interface StepLedger {
  /** the run's successful writes (from the tools' definitions) and the customer's appointments: what backs a claim */
  claimEvidence(): ClaimEvidence;
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
export type NextStep =
  /** store the assistant turn first (its tool_use ids), run the tools, call again */
  | { kind: 'run_tools'; toolUses: ToolUseBlock[] }
  /** a paused turn: store the content as the last assistant turn, call again */
  | { kind: 'continue_after_pause' }
  /** a tool_use cut by max_tokens: never executed nor stored; ask again with this limit */
  | { kind: 'retry_larger'; maxTokens: number; warning: string }
  /** the answer is not sent: tell the model why (and keep the rejected text in history, unsent) */
  | { kind: 'ask_again'; reason: 'empty_answer' }
  | {
      kind: 'ask_again';
      reason: 'unverified_success';
      /** the rejected assistant turn, kept in history (unsent) so the model sees what it said */
      rejectedTurn: Turn;
      rejectedText: string;
      /** the responder_cliente call that carried it, answered with `note` as an error result; absent for plain text */
      toolUseId?: string;
      /** what the model is told (why the answer was not sent) */
      note: string;
      verdict: Exclude<ClaimVerdict, { ok: true }>;
      warning: string;
    }
  /** the customer's answer; `gaveUp` when the model declared the request cannot be met (afirma "nao_e_possivel") */
  | { kind: 'answer'; text: string; truncated: boolean; gaveUp?: true; warning?: string }
  /** the run ends in a handoff with this text for the customer (the reason's own apology when the response had none) */
  | { kind: 'handoff'; reason: StepHandoffReason; text: string; truncated?: boolean; warning: string };

/** The customer's text when the loop hands off on its own decision and the response has no usable answer. */
export const HANDOFF_TEXTS: Record<StepHandoffReason, string> = {
  tool_use_truncated: customerTexts.toolUseTruncated,
  refusal: customerTexts.refusal,
  unknown_stop_reason: customerTexts.unknownStopReason,
  token_budget: customerTexts.budgetExhausted,
};

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
      // A lone, valid responder_cliente call is the final answer, with its declaration; anything else runs as tools.
      const finalAnswer = readFinalAnswer(toolUses);
      if (finalAnswer) {
        return answerStep(finalAnswer.text, false, ledger, {
          declaration: finalAnswer.declaration,
          toolUseId: finalAnswer.toolUseId,
          turn: assistantTurnOf(response),
        });
      }
      if (toolUses.length > 0) return { kind: 'run_tools', toolUses };
      // Said tool_use but called none: not a tool step. Its text (if any) is the answer, named as the anomaly it is.
      return answerStep(textOf(response), false, ledger, { warning: 'stop_reason tool_use without tool_use blocks: taken as the answer' });
    }
    case 'max_tokens': {
      if (response.content.at(-1)?.type === 'tool_use') {
        // A cut tool_use has a partial input: never executed, never kept in history.
        if (budgets.requestedMaxTokens > budgets.maxOutputTokens) {
          return {
            kind: 'handoff',
            reason: 'tool_use_truncated',
            text: HANDOFF_TEXTS.tool_use_truncated,
            warning: 'tool_use cut by max_tokens again: handing off',
          };
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
      const usable = text && verifyAnswerClaims({ text }, ledger.claimEvidence()).ok ? text : null;
      return {
        kind: 'handoff',
        reason: 'token_budget',
        text: usable ?? HANDOFF_TEXTS.token_budget,
        truncated: usable !== null,
        warning: 'model context window exceeded: handing off',
      };
    }
    case 'refusal':
      return { kind: 'handoff', reason: 'refusal', text: HANDOFF_TEXTS.refusal, warning: 'model refused' };
    case 'end_turn':
    case 'stop_sequence':
      return answerStep(textOf(response), false, ledger);
    default:
      return {
        kind: 'handoff',
        reason: 'unknown_stop_reason',
        text: HANDOFF_TEXTS.unknown_stop_reason,
        warning: 'unknown stop_reason: handing off',
      };
  }
}

interface AnswerSource {
  /** what the model declared through responder_cliente; absent for a plain text answer */
  declaration?: AnswerDeclaration;
  toolUseId?: string;
  /** the assistant turn that carried the answer (a plain text one is rebuilt from the text) */
  turn?: Turn;
  warning?: string;
}

/**
 * A final answer: sent when everything it claims was changed is backed by the run's
 * confirmed writes (verifyAnswerClaims, never its wording alone), else not sent and the
 * model told why (empty answers too). A declared "not possible" is an answer that gave up.
 */
function answerStep(text: string, truncated: boolean, ledger: StepLedger, source: AnswerSource = {}): NextStep {
  if (!text.trim()) return { kind: 'ask_again', reason: 'empty_answer' };
  const verdict = verifyAnswerClaims({ text, ...(source.declaration ? { declaration: source.declaration } : {}) }, ledger.claimEvidence());
  if (!verdict.ok) {
    return {
      kind: 'ask_again',
      reason: 'unverified_success',
      rejectedTurn: source.turn ?? { role: 'assistant', content: [{ type: 'text', text }] },
      rejectedText: text,
      ...(source.toolUseId ? { toolUseId: source.toolUseId } : {}),
      note: refusalNote(verdict),
      verdict,
      warning: "answer claims a change the run's confirmed writes do not back: not sent",
    };
  }
  return {
    kind: 'answer',
    text,
    truncated,
    ...(source.declaration?.claims === 'not_possible' ? { gaveUp: true as const } : {}),
    ...(source.warning ? { warning: source.warning } : {}),
  };
}

function refusalNote(verdict: Exclude<ClaimVerdict, { ok: true }>): string {
  if (verdict.reason === 'declared_without_write') return modelTexts.declaredWithoutWrite;
  if (verdict.reason === 'stated_time_differs') return modelTexts.statedTimeDiffers(verdict.sentence);
  if (verdict.kind === 'paid') return modelTexts.unverifiedPayment;
  return verdict.kind === 'waitlisted' ? modelTexts.unverifiedWaitlist : modelTexts.unverifiedSuccess;
}
