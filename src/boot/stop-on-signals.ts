import { isReaderGone, type Logger } from '../shared/index.js';
import type { RunningService } from './start-service.js';

/**
 * SIGTERM: `docker stop`, Kubernetes, systemd, and npm forwarding its own (see `npm start`).
 * SIGINT: Ctrl-C. SIGHUP: the terminal that ran the service closed; without a handler it kills
 * the process on the spot, leaving the embedded PostgreSQL running.
 */
export const TERMINATION_SIGNALS = ['SIGTERM', 'SIGINT', 'SIGHUP'] as const;

export type TerminationSignal = (typeof TERMINATION_SIGNALS)[number];

/**
 * Stops the service once, on the first termination signal, even one that arrives while it is
 * still starting (it stops as soon as the start finishes): drains and stops in order, then
 * exits 0. Exits 1 when stopping fails or takes longer than `timeoutMs`, after asking the
 * embedded PostgreSQL to shut down by itself, so nothing is left running either way. Later
 * signals are ignored while stopping. Output that nobody reads any more (a closed terminal)
 * is dropped instead of failing the shutdown.
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
  const shutdown = (signal: TerminationSignal) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    let service: RunningService | undefined;
    const timer = setTimeout(() => {
      logger.error({ timeoutMs: options.timeoutMs }, 'shutdown timed out; exiting');
      service?.abandon();
      exit(1);
    }, options.timeoutMs);
    timer.unref();
    options.starting
      .then(async (started) => {
        service = started;
        await started.stop();
        logger.info('stopped');
        exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        service?.abandon();
        exit(1);
      });
  };
  for (const signal of TERMINATION_SIGNALS) process.on(signal, () => shutdown(signal));
}
