import { startService } from './boot/index.js';
import { ConfigError, loadConfig } from './config/index.js';
import { createLogger } from './shared/index.js';

/** Exit code when the worker lost its liveness lock (EX_TEMPFAIL): restart me. */
const EXIT_WORKER_LOST = 75;

/**
 * Process entry point: parse config (fail fast naming every bad variable), start the
 * service, and shut it down in order on SIGTERM/SIGINT (HTTP, worker, database), exit 0.
 * A worker that lost its liveness lock has already stopped itself (its jobs may now run
 * elsewhere); the rest of the service is shut down the same way and the process exits 75, so
 * the orchestrator starts a fresh one.
 */
async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));

  const service = await startService(config, logger).catch((error: unknown) => {
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    logger.fatal({ err: error }, 'failed to start');
    process.exit(1);
  });

  let stopping = false;
  const shutdown = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const failedCode = exitCode === 0 ? 1 : exitCode;
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(failedCode);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    service
      .stop()
      .then(() => {
        logger.info('stopped');
        process.exit(exitCode);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(failedCode);
      });
  };
  void service.workerLost.then((error) => {
    logger.error({ err: error }, 'the worker lost its liveness lock; exiting to be restarted');
    shutdown('worker liveness lost', EXIT_WORKER_LOST);
  });
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
