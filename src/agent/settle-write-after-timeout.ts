import { setTimeout as sleep } from 'node:timers/promises';
import { ToolTimeoutError } from './classify-tool-error.js';

/**
 * A write tool that ran out of time has not stopped: it may still commit (a slow `agendar`
 * books after the model was told it failed). Before the model is told anything, its outcome
 * is established: first the call itself gets `graceMs` more to finish (its own result or
 * error is the truth); if it still has not, the call is replayed with the same idempotency key
 * (the tool_use id): an idempotent write answers with what the first call committed
 * (`ja_existia`), or does it now — the key and the database constraints keep it to once.
 * If neither succeeds in `graceMs`, a last replay looks under the key once more; its outcome
 * (or ToolTimeoutError after another `graceMs`) is the answer.
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
  const withinGrace = <V>(promise: Promise<V>) =>
    Promise.race([
      promise,
      sleep(options.graceMs).then(() => {
        throw new ToolTimeoutError(options.toolName, options.graceMs);
      }),
    ]);
  try {
    // The first of the two calls to succeed tells the committed outcome; a replay that lost a
    // race to the first call's own commit (e.g. "slot just taken") does not count as the answer.
    return await withinGrace(
      Promise.any([pending, replay()]).catch((failure: AggregateError) => {
        throw failure.errors[0];
      }),
    );
  } catch {
    // One last look under the key: the first call may have committed meanwhile.
    return withinGrace(replay());
  }
}
