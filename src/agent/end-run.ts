import { verifyAnswerClaims } from '../answer-claims/index.js';
import type { RunOutcome } from '../conversation/index.js';
import type { HandoffReason } from '../handoff/index.js';
import type { OutboundReply } from '../shared/index.js';
import { customerTexts, modelTexts } from './agent-texts.js';
import type { ModelCallFailure } from './call-model.js';
import { lastCompleteSentence } from './last-complete-sentence.js';
import { textOf } from './response-content.js';
import type { RunSession } from './run-session.js';

export const textReply = (text: string): OutboundReply => ({ type: 'text', text });

/**
 * Over budget: one last call with `tool_choice: none` (the tools stay defined because the
 * history holds tool_use blocks) and a system note asking for an answer built only on what
 * the tools established. Whatever it yields, the run ends as a handoff with `reason`;
 * an empty, failed or unverifiable answer is replaced by a default message.
 */
export async function endWithForcedAnswer(
  session: RunSession,
  reason: Extract<HandoffReason, 'iteration_limit' | 'token_budget' | 'deadline'>,
): Promise<RunOutcome> {
  session.log.warn({ runId: session.input.runId, reason }, 'agent run over budget: forcing a final answer');
  const text = await lastAnswer(session, modelTexts.forcedFinalAnswer);
  if (text === null) return session.finish({ kind: 'cancelled' }, { stopReason: 'cancelled' });
  return session.finish(
    { kind: 'handoff', reason, replies: [textReply(text || customerTexts.budgetExhausted)] },
    { handoffReason: reason },
  );
}

/**
 * The model called transferir_para_humano: it gets one tool-less call to say goodbye
 * (skipped when a budget is used up), then the run ends as a `requested_by_customer`
 * handoff with the model's `motivo` as the note.
 */
export async function endWithTransfer(session: RunSession, motivo: string): Promise<RunOutcome> {
  const text = session.exhaustedBudget() ? '' : await lastAnswer(session, modelTexts.transferGoodbye);
  if (text === null) return session.finish({ kind: 'cancelled' }, { stopReason: 'cancelled' });
  return session.finish(
    {
      kind: 'handoff',
      reason: 'requested_by_customer',
      ...(motivo ? { note: motivo } : {}),
      replies: [textReply(text || customerTexts.transferGoodbye)],
    },
    { handoffReason: 'requested_by_customer' },
  );
}

/**
 * The model could not be reached (outage, after the SDK's retries) or refused the request
 * (a bug): the customer gets an apology and the conversation goes to the queue. Never
 * throws, so the job does not retry into the same failure.
 */
export function endWithModelFailure(
  session: RunSession,
  failure: Exclude<ModelCallFailure, 'deadline'>,
  error: unknown,
): Promise<RunOutcome> {
  const { runId } = session.input;
  if (failure === 'cancelled') return session.finish({ kind: 'cancelled' }, { stopReason: 'cancelled' });
  if (failure === 'outage') {
    session.log.warn({ runId, err: error }, 'Claude API unavailable after retries: handing off');
    return session.finish(
      { kind: 'handoff', reason: 'llm_unavailable', replies: [textReply(customerTexts.llmUnavailable)] },
      { stopReason: 'llm_unavailable', handoffReason: 'llm_unavailable' },
    );
  }
  session.log.error({ runId, err: error }, 'Claude API refused the request: handing off');
  return session.finish(
    { kind: 'handoff', reason: 'processing_failed', replies: [textReply(customerTexts.processingFailed)] },
    { stopReason: 'api_error', handoffReason: 'processing_failed' },
  );
}

/** Text of one tool-less call with a system note; '' when it yields nothing usable, null when the run was cancelled. */
async function lastAnswer(session: RunSession, systemNote: string): Promise<string | null> {
  const result = await session.call(session.request({ noTools: true, systemNote }), 'final');
  if (!result.ok) {
    if (result.failure === 'cancelled') return null;
    session.log.warn({ runId: session.input.runId, failure: result.failure, err: result.error }, 'final answer call failed');
    return '';
  }
  let text = textOf(result.message);
  if (result.message.stop_reason === 'max_tokens') {
    text = lastCompleteSentence(text);
    session.truncated = true;
  }
  if (result.message.stop_reason === 'refusal') return '';
  if (text && !verifyAnswerClaims({ text }, session.ledger.claimEvidence()).ok) {
    session.log.warn({ runId: session.input.runId }, 'final answer claims a booking change no tool confirmed: replaced');
    return '';
  }
  return text;
}
