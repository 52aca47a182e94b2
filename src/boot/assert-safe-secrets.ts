import { type Config, ConfigError } from '../config/index.js';
import type { Db } from '../db/index.js';

/**
 * Refuses to start on the published development WhatsApp secrets when NODE_ENV is not
 * explicitly `development`/`test` and some tenant has a WhatsApp access token: the start
 * fails naming WHATSAPP_APP_SECRET / WHATSAPP_VERIFY_TOKEN. With no such tenant (the demo)
 * the development secrets stay usable, and a tenant imported later is still protected per
 * webhook (whatsapp/dev-secret-guard.ts).
 */
export async function assertSafeSecrets(db: Db, config: Config): Promise<void> {
  if (config.isDevelopment || (!config.devSecrets.appSecret && !config.devSecrets.verifyToken)) return;
  const live = await db.tenant.findMany({ where: { accessToken: { not: null } }, select: { slug: true }, orderBy: { id: 'asc' }, take: 5 });
  if (live.length === 0) return;
  const why = `required: tenant ${live.map((tenant) => `"${tenant.slug}"`).join(', ')} has a WhatsApp access token and NODE_ENV is not development or test (the development default is published)`;
  const problems: string[] = [];
  if (config.devSecrets.appSecret) problems.push(`WHATSAPP_APP_SECRET: ${why}`);
  if (config.devSecrets.verifyToken) problems.push(`WHATSAPP_VERIFY_TOKEN: ${why}`);
  throw new ConfigError(problems);
}
