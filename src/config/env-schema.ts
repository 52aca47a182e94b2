import { z } from 'zod';
import { credentialsKeyProblem } from './credentials-key-format.js';

const int = (fallback: number, min = 0) => z.coerce.number().int().min(min).default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value));

/** Every environment variable the service reads, with its default. `.env.example` mirrors this. */
export const envSchema = z
  .object({
    // No default: unset must never mean "development" (and its published secrets) on a reachable service.
    NODE_ENV: optionalText.pipe(z.enum(['development', 'test', 'production']).optional()),
    ROLE: z.enum(['all', 'web', 'worker']).default('all'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    /**
     * Set when DATABASE_URL goes through a transaction pooler (PgBouncer): a direct URL to the same
     * database, for what needs a server session of its own (migrations' advisory lock; a worker's
     * queue: its LISTEN, its liveness lock, graphile-worker's held connections).
     */
    DATABASE_DIRECT_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    /**
     * A streaming replica (hot standby) of DATABASE_URL's database: the staff's named reads (the
     * inbox list, conversation history, agenda listing, customers, stats, the overview, reports)
     * run there once it holds the caller's latest write; unset, everything reads the primary.
     */
    DATABASE_REPLICA_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
    DATA_DIR: z.string().default('.data'),
    EMBEDDED_PG_PORT: int(54329, 1),

    ANTHROPIC_API_KEY: optionalText,
    ANTHROPIC_BASE_URL: optionalText.pipe(z.url().optional()),
    ANTHROPIC_MODEL: z.string().min(1).default('claude-sonnet-4-6'),
    ANTHROPIC_MAX_RETRIES: int(2),

    WHATSAPP_APP_SECRET: optionalText,
    WHATSAPP_VERIFY_TOKEN: optionalText,
    /** `id:base64key[,id:base64key…]`, newest first: encrypts tenants' access tokens (see credentials/). */
    CREDENTIALS_KEY: optionalText.pipe(
      z
        .string()
        .refine((value) => credentialsKeyProblem(value) === undefined, {
          error: (issue) => credentialsKeyProblem(String(issue.input)) ?? 'invalid',
        })
        .optional(),
    ),
    WHATSAPP_GRAPH_URL: z.url().default('https://graph.facebook.com'),
    /** Mercado Pago's API (deposits by Pix); tests point it at a loopback fake. */
    MERCADOPAGO_BASE_URL: z.url().default('https://api.mercadopago.com'),
    WHATSAPP_GRAPH_VERSION: z
      .string()
      .regex(/^v\d+\.\d+$/, 'expected a version such as v23.0')
      .default('v23.0'),
    WHATSAPP_SEND_MAX_RETRIES: int(3),
    WHATSAPP_SEND_UNKNOWN_WAIT_MS: int(300_000, 100),
    WHATSAPP_WEBHOOK_MAX_BYTES: int(1_000_000, 1024),
    TYPING_REFRESH_MS: int(20_000, 1000),

    TRANSCRIPTION_URL: optionalText.pipe(z.url().optional()),
    TRANSCRIPTION_API_KEY: optionalText,
    TRANSCRIPTION_MODEL: z.string().min(1).default('whisper-1'),
    TRANSCRIPTION_MAX_BYTES: int(16_000_000, 1024),
    TRANSCRIPTION_MAX_SECONDS: int(300, 1),
    TRANSCRIPTION_TIMEOUT_MS: int(30_000, 1000),

    AGENT_MAX_ITERATIONS: int(8, 1),
    AGENT_MAX_INPUT_TOKENS: int(60_000, 1000),
    AGENT_DEADLINE_MS: int(60_000, 1000),
    AGENT_MAX_OUTPUT_TOKENS: int(1024, 64),
    AGENT_HISTORY_MAX_MESSAGES: int(40, 4),
    AGENT_HISTORY_MAX_TOKENS: int(8000, 500),
    AGENT_TURN_MAX_MESSAGES: int(20, 1),
    AGENT_TURN_MAX_CHARS: int(8000, 500),
    INBOUND_RATE_LIMIT_MESSAGES: int(30, 2),
    INBOUND_RATE_LIMIT_WINDOW_MS: int(60_000, 1000),
    AGENT_TOOL_TIMEOUT_MS: int(10_000, 100),

    DEBOUNCE_MS: int(2000),
    DEBOUNCE_MAX_WAIT_MS: int(10_000),
    WORKER_CONCURRENCY: int(16, 1),
    QUEUE_LAG_WARN_MS: int(5000, 100),
    EVENT_LOOP_LAG_WARN_MS: int(500, 10),
    JOB_MAX_ATTEMPTS: int(5, 1),

    LLM_BREAKER_THRESHOLD: int(5, 1),
    LLM_BREAKER_COOLDOWN_MS: int(60_000, 0),

    ADMIN_RATE_LIMIT_PER_MINUTE: int(120, 1),
    /** The service's public base URL for links it prints (calendar feeds); unset = http://localhost:$PORT. */
    PUBLIC_URL: optionalText.pipe(
      z.url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://agenda.example.com' }).optional(),
    ),
    ADMIN_AUTH_FAILURES_PER_MINUTE: int(20, 1),
    /** Reverse proxies in front of the service that append to X-Forwarded-For; 0 = trust none (the socket's address). */
    TRUST_PROXY: z.coerce
      .number({ error: 'expected the number of reverse proxies in front of the service, e.g. 1 (0 or unset: none)' })
      .int()
      .min(0)
      .max(10)
      .default(0),

    METRICS_TOKEN: optionalText,
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(z.url().optional()),
    OTEL_SERVICE_NAME: z.string().min(1).default('wa-agenda'),
    SHUTDOWN_TIMEOUT_MS: int(8000, 100),
  })
  .superRefine(
    (env, context) => {
      if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL)
        context.addIssue({ code: 'custom', path: ['DATABASE_REPLICA_URL'], message: 'needs DATABASE_URL (the primary it replicates)' });
      if (env.DATABASE_DIRECT_URL && !env.DATABASE_URL)
        context.addIssue({ code: 'custom', path: ['DATABASE_DIRECT_URL'], message: 'needs DATABASE_URL (the pooled URL it bypasses)' });
      if (env.NODE_ENV !== 'production') return;
      for (const name of ['WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const) {
        if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'required in production' });
      }
    },
    // Run even when other variables failed, so one start names every problem.
    { when: () => true },
  );

export type Env = z.output<typeof envSchema>;
