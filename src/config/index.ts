import { type Env, envSchema } from './env-schema.js';

/**
 * Secrets used only when WHATSAPP_APP_SECRET / WHATSAPP_VERIFY_TOKEN are unset outside
 * production, so `npm start` and `npm run chat` work with no setup on the demo tenant.
 * They are published, so a webhook they sign is never acted on for a tenant with a
 * WhatsApp access token (see whatsapp/dev-signature-guard.ts and boot/assert-safe-secrets.ts).
 */
export const DEV_APP_SECRET = 'dev-app-secret';
export const DEV_VERIFY_TOKEN = 'dev-verify-token';

export type Config = Readonly<
  Env & {
    WHATSAPP_APP_SECRET: string;
    WHATSAPP_VERIFY_TOKEN: string;
    PUBLIC_URL: string;
    /** which WhatsApp secrets fell back to the published development values */
    devSecrets: Readonly<{ appSecret: boolean; verifyToken: boolean }>;
    /** NODE_ENV is explicitly `development` or `test` (unset is neither) */
    isDevelopment: boolean;
  }
>;

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
    devSecrets: Object.freeze({
      appSecret: (parsed.data.WHATSAPP_APP_SECRET ?? DEV_APP_SECRET) === DEV_APP_SECRET,
      verifyToken: (parsed.data.WHATSAPP_VERIFY_TOKEN ?? DEV_VERIFY_TOKEN) === DEV_VERIFY_TOKEN,
    }),
    isDevelopment: parsed.data.NODE_ENV === 'development' || parsed.data.NODE_ENV === 'test',
  });
}

export { type CredentialsKeyEntry, parseCredentialsKey } from './credentials-key-format.js';
