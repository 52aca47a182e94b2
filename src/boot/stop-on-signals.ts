import { isReaderGone, type Logger } from '../shared/index.js';
import type { RunningService } from './start-service.js';

/**
 * SIGTERM: `docker stop`, Kubernetes, systemd, and npm forwarding its own (see `npm start`).
 * SIGINT: Ctrl-C. SIGHUP: the terminal that ran the service closed; without a handler it kills
 * the process on the spot, leaving the embedded PostgreSQL running.
 */
export const TERMINATION_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

export type TerminationSignal = (typeof TERMINATION_SIGNALS)[number];

/** Exit code when the worker lost its liveness lock (EX_TEMPFAIL): restart me. */
export const EXIT_WORKER_LOST = 75;

/**
 * Stops the service once, on the first termination signal, even one that arrives while it is
 * still starting (it stops as soon as the start finishes): drains and stops in order, then
 * exits 0. Exits 1 when stopping fails or takes longer than `timeoutMs`, after asking the
 * embedded PostgreSQL to shut down by itself, so nothing is left running either way. Later
 * signals are ignored while stopping. Output that nobody reads any more (a closed terminal)
 * is dropped instead of failing the shutdown.
 *
 * A worker that lost its liveness lock has already stopped itself (its jobs may now run
 * elsewhere, queue/start-worker.ts): the rest of the service is shut down the same way and the
 * process exits 75, so the orchestrator starts a fresh one.
 */
export function stopOnTerminationSignals(options: {
  starting: Promise<RunningService>;
  logger: Logger;
  timeoutMs: number;
  exit?: (code: number) => never;
}): void {
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const { logger } = options;
  for (const stream of [process.stdout, process.stderr]) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (!isReaderGone(error)) throw error;
    });
  }
  let stopping = false;
  const shutdown = (signal: TerminationSignal | 'worker liveness lost', exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const failedCode = exitCode === 0 ? 1 : exitCode;
    let service: RunningService | undefined;
    const timer = setTimeout(() => {
      logger.error({ timeoutMs: options.timeoutMs }, 'shutdown timed out; exiting');
      service?.abandon();
      exit(failedCode);
    }, options.timeoutMs);
    timer.unref();
    options.starting
      .then(async (started) => {
        service = started;
        await started.stop();
        logger.info('stopped');
        exit(exitCode);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        service?.abandon();
        exit(failedCode);
      });
  };
  for (const signal of TERMINATION_SIGNALS) process.on(signal, () => shutdown(signal));
  options.starting
    .then((started) => started.workerLost)
    .then((error) => {
      logger.error({ err: error }, 'the worker lost its liveness lock; exiting to be restarted');
      shutdown('worker liveness lost', EXIT_WORKER_LOST);
    })
    .catch(() => undefined);
}
