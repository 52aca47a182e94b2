import { setTimeout as sleep } from 'node:timers/promises';
import { ToolTimeoutError } from './classify-tool-error.js';

/**
 * A write tool that ran out of time has not stopped: it may still commit (a slow `agendar`
 * books after the model was told it failed). Before the model is told anything, its outcome
 * is established: first the call itself gets `graceMs` more to finish (its own result or
 * error is the truth); if it still has not, the call is replayed with the same idempotency key
 * (the tool_use id): an idempotent write answers with what the first call committed
 * (`ja_existia`), or does it now — the key and the database constraints keep it to once.
 * Rejects with ToolTimeoutError only when the replay does not finish in `graceMs` either.
 */
export async function settleWriteAfterTimeout<T>(
  pending: Promise<T>,
  replay: () => Promise<T>,
  options: { toolName: string; graceMs: number },
): Promise<T> {
  const first = await Promise.race([
    pending.then(
      (value) => ({ settled: true as const, value }),
      (error: unknown) => ({ settled: true as const, error }),
    ),
    sleep(options.graceMs).then(() => ({ settled: false as const })),
  ]);
  if (first.settled) {
    if ('error' in first) throw first.error;
    return first.value;
  }
  const again = replay();
  const timeout = sleep(options.graceMs).then(() => {
    throw new ToolTimeoutError(options.toolName, options.graceMs);
  });
  // Whichever of the two calls answers first tells the same committed outcome.
  return Promise.race([again, pending, timeout]);
}
