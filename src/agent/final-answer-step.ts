import { verifyAnswerClaims } from '../answer-claims/index.js';
import type { ModelCallResult } from './call-model.js';
import { lastCompleteSentence } from './last-complete-sentence.js';
import type { StepLedger } from './next-step.js';
import { textOf } from './response-content.js';

/** What the last, tool-less call of a run (forced answer or transfer goodbye) yields. */
export type FinalAnswerStep =
  | { kind: 'cancelled' }
  /** send this text; `truncated` when it was cut at its last complete sentence (max_tokens) */
  | { kind: 'answer'; text: string; truncated: boolean }
  /** nothing usable: the caller sends its default text; `warning` (when set) is logged */
  | { kind: 'fallback'; truncated: boolean; warning: string | null };

/**
 * Decides, without side effects, what the last call of a run yields: a failed call, a
 * refusal or an empty text fall back to the default; a text cut by max_tokens keeps its
 * complete sentences; a text claiming a change no write of the run backs is never sent.
 */
export function finalAnswerStep(result: ModelCallResult, ledger: StepLedger): FinalAnswerStep {
  if (!result.ok) {
    return result.failure === 'cancelled'
      ? { kind: 'cancelled' }
      : { kind: 'fallback', truncated: false, warning: 'final answer call failed' };
  }
  const stopReason = result.message.stop_reason;
  if (stopReason === 'refusal') return { kind: 'fallback', truncated: false, warning: null };
  const truncated = stopReason === 'max_tokens';
  const text = truncated ? lastCompleteSentence(textOf(result.message)) : textOf(result.message);
  if (!text) return { kind: 'fallback', truncated, warning: null };
  if (!verifyAnswerClaims({ text }, ledger.claimEvidence()).ok) {
    return { kind: 'fallback', truncated, warning: 'final answer claims a booking change no tool confirmed: replaced' };
  }
  return { kind: 'answer', text, truncated };
}
