import type { ClaimWatch } from './claim-watch.js';
import type { Responder, RespondInput, RunOutcome } from './responder.js';

/**
 * Runs the responder with an AbortSignal that fires when an attendant claims the
 * conversation meanwhile (the worker's claim watch), so the responder stops before its next
 * model call. The watch is always ended, whatever the responder does.
 */
export async function respondWatchingClaims(
  claims: ClaimWatch,
  responder: Responder,
  input: Omit<RespondInput, 'signal'>,
  /** also stops the responder (the worker lost its liveness lock) */
  fenceSignal?: AbortSignal,
): Promise<RunOutcome> {
  const watch = claims.watch({ tenantId: input.tenantId, conversationId: input.conversationId });
  try {
    const signal = fenceSignal ? AbortSignal.any([watch.signal, fenceSignal]) : watch.signal;
    return await responder.respond({ ...input, signal });
  } finally {
    watch.stop();
  }
}
