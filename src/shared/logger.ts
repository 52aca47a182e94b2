import { type DestinationStream, type Logger, pino } from 'pino';
import { isColorSupported, PinoPretty } from 'pino-pretty';

export type { Logger };

// Field names that hold secrets wherever they appear. pino's redact has no recursive
// wildcard, so each name is listed at the top level and up to four levels deep.
const SECRET_FIELDS = [
  'accessToken',
  'access_token',
  'apiKey',
  'api_key',
  'appSecret',
  'webhookSecret',
  'paymentAccessToken',
  'paymentWebhookSecret',
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

/**
 * The service logger (stdout unless `destination` is given, e.g. a stream a test reads).
 * JSON lines, one per event, for whatever collects them; with `pretty` (the service when its
 * stdout is a terminal) the same events as short coloured lines for a person reading them.
 * Redaction applies to both.
 */
export function createLogger(
  level = 'info',
  base?: Record<string, unknown>,
  destination?: DestinationStream,
  format: { pretty?: boolean } = {},
): Logger {
  const options = { level, base: base ?? { service: 'wa-agenda' }, redact: { paths: redactPaths, censor: '[redacted]' } };
  const target = destination ?? stdoutDestination();
  if (!format.pretty) return pino(options, target);
  return pino(options, prettyStream(target));
}

/** pino-pretty over `destination`: time, level and message first, the fields indented below; no pid, host or service name. */
export function prettyStream(destination: DestinationStream): DestinationStream {
  return PinoPretty({
    destination,
    colorize: isColorSupported,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,service',
    singleLine: false,
    sync: true,
  });
}

/** Write errors that mean nobody reads the output any more: a closed terminal (EIO), a closed pipe (EPIPE). */
export function isReaderGone(error: NodeJS.ErrnoException): boolean {
  return error.code === 'EIO' || error.code === 'EPIPE';
}

/**
 * pino's own stdout stream (async SonicBoom, flushed at exit), except that a reader that went
 * away stops the log instead of the process. pino handles EPIPE so; EIO, what writing to a
 * closed terminal gets, would be an unhandled 'error' event that kills the service in the
 * middle of the shutdown the same hang-up (SIGHUP) started, leaving its PostgreSQL running.
 */
function stdoutDestination(): DestinationStream {
  const stream = pino.destination({ dest: process.stdout.fd ?? 1 });
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (!isReaderGone(error)) throw error;
    stream.write = () => true;
    stream.flushSync = () => undefined;
  });
  return stream;
}

/** A logger for tests and tools that should stay quiet unless LOG_LEVEL asks otherwise. */
export const silentLogger: Logger = pino({ level: 'silent' });
