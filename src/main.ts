import { startService } from './boot/index.js';
import { ConfigError, loadConfig } from './config/index.js';
import { createLogger } from './shared/index.js';

/**
 * Process entry point: parse config (fail fast naming every bad variable), start the
 * service, and shut it down in order on SIGTERM/SIGINT (HTTP, worker, database), exit 0.
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
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    service
      .stop()
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error({ err: error }, 'error during shutdown');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

void main();
