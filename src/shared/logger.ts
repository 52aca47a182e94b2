import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

/**
 * Paths that must never be written. Phone numbers and message bodies are logged only by
 * callers at debug level; secrets never.
 */
const redactPaths = [
  'req.headers.authorization',
  'req.headers["x-hub-signature-256"]',
  'headers.authorization',
  '*.accessToken',
  '*.apiKey',
  '*.api_key',
  'accessToken',
  'apiKey',
];

/** The service logger (stdout unless `destination` is given, e.g. a stream a test reads). */
export function createLogger(level = 'info', base?: Record<string, unknown>, destination?: DestinationStream): Logger {
  const options = { level, base: base ?? { service: 'wa-agenda' }, redact: { paths: redactPaths, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

/** A logger for tests and tools that should stay quiet unless LOG_LEVEL asks otherwise. */
export const silentLogger: Logger = pino({ level: 'silent' });
