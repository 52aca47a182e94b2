import type { HandoffReason } from '../handoff/index.js';
import { customerTexts } from './agent-texts.js';
import type { ModelCallFailure } from './call-model.js';

/** What a failed regular model call leads to. */
export type FailureStep =
  | { kind: 'cancel' }
  /** the call ran into the deadline: the reserve left still allows the forced final answer */
  | { kind: 'force_answer'; reason: 'deadline' }
  | {
      kind: 'handoff';
      reason: Extract<HandoffReason, 'llm_unavailable' | 'processing_failed'>;
      text: string;
      stopReason: 'llm_unavailable' | 'api_error';
      truncated?: undefined;
      warning: string;
      /** an outage is expected now and then (warn); a request the API refuses is a bug (error) */
      severity: 'warn' | 'error';
    };

/**
 * Decides, without side effects, how a run goes on after a model call failed. An outage
 * (after the SDK's retries) and a refused request both end in a handoff with an apology,
 * never an exception, so the job does not retry into the same failure.
 */
export function stepAfterFailure(failure: ModelCallFailure): FailureStep {
  switch (failure) {
    case 'cancelled':
      return { kind: 'cancel' };
    case 'deadline':
      return { kind: 'force_answer', reason: 'deadline' };
    case 'outage':
      return {
        kind: 'handoff',
        reason: 'llm_unavailable',
        text: customerTexts.llmUnavailable,
        stopReason: 'llm_unavailable',
        warning: 'Claude API unavailable after retries: handing off',
        severity: 'warn',
      };
    case 'rejected':
      return {
        kind: 'handoff',
        reason: 'processing_failed',
        text: customerTexts.processingFailed,
        stopReason: 'api_error',
        warning: 'Claude API refused the request: handing off',
        severity: 'error',
      };
  }
}
