import { type Env, envSchema } from './env-schema.js';

/** Secrets used only in development and tests, so `npm start` and `npm run chat` work with no setup. */
export const DEV_APP_SECRET = 'dev-app-secret';
export const DEV_VERIFY_TOKEN = 'dev-verify-token';

export type Config = Readonly<Env & { WHATSAPP_APP_SECRET: string; WHATSAPP_VERIFY_TOKEN: string; PUBLIC_URL: string }>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Parses the environment once into a frozen, typed object.
 * Throws ConfigError naming every bad variable and why; never returns a partial config.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env, {
    // z.coerce.number() turns "abc" into NaN; say what is wanted instead of "received NaN".
    error: (issue) => (issue.code === 'invalid_type' && issue.expected === 'number' ? 'must be a number' : undefined),
  });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  return Object.freeze({
    ...parsed.data,
    WHATSAPP_APP_SECRET: parsed.data.WHATSAPP_APP_SECRET ?? DEV_APP_SECRET,
    WHATSAPP_VERIFY_TOKEN: parsed.data.WHATSAPP_VERIFY_TOKEN ?? DEV_VERIFY_TOKEN,
    PUBLIC_URL: (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, ''),
  });
}
