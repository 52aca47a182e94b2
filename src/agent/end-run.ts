import type { RunOutcome } from '../conversation/index.js';
import type { HandoffReason } from '../handoff/index.js';
import type { OutboundReply } from '../shared/index.js';
import { customerTexts, modelTexts } from './agent-texts.js';
import { type FinalAnswerStep, finalAnswerStep } from './final-answer-step.js';
import type { RunSession } from './run-session.js';
import type { BudgetReason } from './step-before-call.js';

export const textReply = (text: string): OutboundReply => ({ type: 'text', text });

/**
 * The effects of the run's last steps, as decided by nextStep, stepBeforeCall,
 * stepAfterFailure and finalAnswerStep: nothing here decides, it performs.
 */

/** The run stops with nothing sent: an attendant claimed the chat. */
export function endCancelled(session: RunSession): Promise<RunOutcome> {
  return session.finish({ kind: 'cancelled' }, { stopReason: 'cancelled' });
}

/** The run ends in a handoff with this text for the customer. */
export function endWithHandoff(
  session: RunSession,
  step: { reason: HandoffReason; text: string; stopReason?: string; note?: string },
): Promise<RunOutcome> {
  return session.finish(
    { kind: 'handoff', reason: step.reason, ...(step.note ? { note: step.note } : {}), replies: [textReply(step.text)] },
    { handoffReason: step.reason, ...(step.stopReason ? { stopReason: step.stopReason } : {}) },
  );
}

/**
 * Over budget: one last call with `tool_choice: none` (the tools stay defined because the
 * history holds tool_use blocks) and a system note asking for an answer built only on what
 * the tools established; the run ends as a handoff with `reason`, with that answer or the
 * default apology.
 */
export async function endWithForcedAnswer(session: RunSession, reason: BudgetReason): Promise<RunOutcome> {
  session.log.warn({ runId: session.input.runId, reason }, 'agent run over budget: forcing a final answer');
  const final = await lastAnswer(session, modelTexts.forcedFinalAnswer);
  if (final.kind === 'cancelled') return endCancelled(session);
  return endWithHandoff(session, { reason, text: final.kind === 'answer' ? final.text : customerTexts.budgetExhausted });
}

/**
 * The model called the transfer tool: one tool-less call to say goodbye (when the step
 * allows it), then a `requested_by_customer` handoff with the model's `motivo` as the note.
 */
export async function endWithTransfer(session: RunSession, step: { motivo: string; goodbye: boolean }): Promise<RunOutcome> {
  const final: FinalAnswerStep = step.goodbye
    ? await lastAnswer(session, modelTexts.transferGoodbye)
    : { kind: 'fallback', truncated: false, warning: null };
  if (final.kind === 'cancelled') return endCancelled(session);
  return endWithHandoff(session, {
    reason: 'requested_by_customer',
    note: step.motivo,
    text: final.kind === 'answer' ? final.text : customerTexts.transferGoodbye,
  });
}

/** Performs the last, tool-less call and records what finalAnswerStep made of it. */
async function lastAnswer(session: RunSession, systemNote: string): Promise<FinalAnswerStep> {
  const result = await session.call(session.request({ noTools: true, systemNote }), 'final');
  const final = finalAnswerStep(result, session.ledger);
  if (final.kind !== 'cancelled' && final.truncated) session.truncated = true;
  if (final.kind === 'fallback' && final.warning) {
    const failure = result.ok ? {} : { failure: result.failure, err: result.error };
    session.log.warn({ runId: session.input.runId, ...failure }, final.warning);
  }
  return final;
}
