import { formatFirstRunSecrets, formatReadyNotice, readyLogFields, startService, stopOnTerminationSignals } from './boot/index.js';
import { ConfigError, loadConfig } from './config/index.js';
import { createLogger } from './shared/index.js';

/**
 * Process entry point (the image's CMD runs it directly, `npm start` through
 * scripts/run-dist.mjs): parse config (fail fast naming every bad variable), start the
 * service, and shut it down in order on SIGTERM/SIGINT/SIGHUP (HTTP, worker, database), exit 0;
 * exit 75 when the worker lost its liveness lock (boot/stop-on-signals.ts).
 */
const USAGE = `usage: npm start [-- --help]

Builds if needed, applies migrations and starts the web server and the worker in one process
(ROLE=web or ROLE=worker for one of them). Without DATABASE_URL it starts an embedded
PostgreSQL under DATA_DIR (default .data) and, on its first run, imports the demo salon.
Configuration comes from the environment: see docs/configuration.md and .env.example.`;

async function main(): Promise<void> {
  if (process.argv.slice(2).some((word) => word === '--help' || word === '-h')) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
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
  // A person at a terminal reads short lines and one plain "ready" block; anything else
  // (a pipe, a log collector) gets JSON lines only.
  const terminal = process.stdout.isTTY === true;
  const logger = createLogger(config.LOG_LEVEL, undefined, undefined, { pretty: terminal });
  process.on('unhandledRejection', (reason) => logger.error({ err: reason }, 'unhandled promise rejection'));

  const starting = startService(config, logger);
  // Before the start finishes: `docker stop` during migrations must stop the service too.
  stopOnTerminationSignals({ starting, logger, timeoutMs: config.SHUTDOWN_TIMEOUT_MS });
  const running = await starting.catch((error: unknown) => {
    if (error instanceof ConfigError) process.stderr.write(`${error.message}\n`);
    logger.fatal({ err: error }, 'failed to start');
    process.exit(1);
  });
  if (terminal) {
    process.stdout.write(formatReadyNotice(running.ready));
    return;
  }
  logger.info(readyLogFields(running.ready), 'ready');
  // One-time secrets never go into a log line: stdout stays JSON, the block goes to stderr once.
  if (running.ready.firstRun) process.stderr.write(formatFirstRunSecrets(running.ready.baseUrl, running.ready.firstRun));
}

void main();
