import { type DestinationStream, type Logger, pino } from 'pino';

export type { Logger };

// Field names that hold secrets wherever they appear. pino's redact has no recursive
// wildcard, so each name is listed at the top level and up to four levels deep.
const SECRET_FIELDS = [
  'accessToken',
  'access_token',
  'apiKey',
  'api_key',
  'appSecret',
  'verifyToken',
  'authorization',
  'password',
  'secret',
  'token',
  'CREDENTIALS_KEY',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
  'ANTHROPIC_API_KEY',
  'TRANSCRIPTION_API_KEY',
  'METRICS_TOKEN',
  '"x-hub-signature-256"',
];
const DEPTHS = ['', '*.', '*.*.', '*.*.*.', '*.*.*.*.'];

/**
 * Paths that must never be written (censored as "[redacted]"). Phone numbers and message
 * bodies are logged only by callers at debug level; secrets never.
 */
export const redactPaths = DEPTHS.flatMap((depth) => SECRET_FIELDS.map((field) => `${depth}${field}`));

/** The service logger (stdout unless `destination` is given, e.g. a stream a test reads). */
export function createLogger(level = 'info', base?: Record<string, unknown>, destination?: DestinationStream): Logger {
  const options = { level, base: base ?? { service: 'wa-agenda' }, redact: { paths: redactPaths, censor: '[redacted]' } };
  return destination ? pino(options, destination) : pino(options);
}

/** A logger for tests and tools that should stay quiet unless LOG_LEVEL asks otherwise. */
export const silentLogger: Logger = pino({ level: 'silent' });
