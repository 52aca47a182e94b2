import type { Db } from '../db/index.js';
import { findOpenHandoff } from '../handoff/index.js';
import type { Responder, RespondInput, RunOutcome } from './responder.js';

/**
 * Runs the responder with an AbortSignal that fires when an attendant claims the
 * conversation meanwhile (polled every `pollMs`), so the responder stops before its next
 * model call. The timer is always cleared, whatever the responder does.
 */
export async function respondWatchingClaims(
  db: Db,
  responder: Responder,
  input: Omit<RespondInput, 'signal'>,
  pollMs: number,
  /** also stops the responder (the worker lost its liveness lock) */
  fenceSignal?: AbortSignal,
): Promise<RunOutcome> {
  const controller = new AbortController();
  let polling = false;
  const timer = setInterval(() => {
    if (polling || controller.signal.aborted) return;
    polling = true;
    findOpenHandoff(db, input.tenantId, input.conversationId)
      .then((open) => {
        if (open?.status === 'claimed') controller.abort(new Error('conversation claimed by an attendant'));
      })
      // A failed poll only delays noticing a claim; the final transaction checks again.
      .catch(() => undefined)
      .finally(() => {
        polling = false;
      });
  }, pollMs);
  try {
    const signal = fenceSignal ? AbortSignal.any([controller.signal, fenceSignal]) : controller.signal;
    return await responder.respond({ ...input, signal });
  } finally {
    clearInterval(timer);
  }
}
