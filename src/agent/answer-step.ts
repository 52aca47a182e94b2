import type { AnswerDeclaration, ClaimVerdict } from '../answer-claims/index.js';
import { modelTexts } from './agent-texts.js';
import { checkAnswerClaims } from './check-answer-claims.js';
import { textReply } from './end-run.js';
import type { Turn } from './model-types.js';
import type { RunOutcome } from './responder.js';
import type { RunSession } from './run-session.js';

export interface CandidateAnswer {
  text: string;
  /** what the model declared through responder_cliente; absent for a plain text answer */
  declaration?: AnswerDeclaration;
  /** the responder_cliente call, which needs a tool_result when the answer is refused */
  toolUseId?: string;
  /** the assistant turn that carried the answer, kept in history when it is refused */
  turn: Turn;
}

/**
 * A final answer: sent (the run ends) when everything it claims is backed by the database,
 * else kept from the customer and the model is told why and goes again (returns null).
 * A declared "not possible" ends the run as `gave_up`.
 */
export async function settleAnswer(session: RunSession, answer: CandidateAnswer): Promise<RunOutcome | null> {
  const verdict = await checkAnswerClaims(session, answer);
  if (verdict.ok) {
    const gaveUp = answer.declaration?.claims === 'not_possible';
    return session.finish({ kind: 'answer', replies: [textReply(answer.text)], ...(gaveUp ? { exit: 'gave_up' as const } : {}) });
  }
  session.log.warn(
    { runId: session.input.runId, reason: verdict.reason, kind: verdict.kind },
    'answer claims a change the database does not back: not sent',
  );
  const note = refusalNote(verdict);
  session.stage(answer.turn);
  await session.append({
    role: 'user',
    content: answer.toolUseId
      ? [{ type: 'tool_result', tool_use_id: answer.toolUseId, content: note, is_error: true }]
      : [{ type: 'text', text: note }],
  });
  return null;
}

function refusalNote(verdict: Exclude<ClaimVerdict, { ok: true }>): string {
  if (verdict.reason === 'declared_without_write') return modelTexts.declaredWithoutWrite;
  if (verdict.reason === 'stated_time_differs') return modelTexts.statedTimeDiffers(verdict.sentence);
  return modelTexts.unverifiedSuccess;
}
