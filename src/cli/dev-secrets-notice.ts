import type { Config } from '../config/index.js';

/**
 * What to tell an operator who imported a tenant with a WhatsApp access token while this
 * environment has no WhatsApp secrets of its own (the published development defaults), or
 * undefined when there is nothing to say. Without the real secrets the service ignores that
 * tenant's webhooks, and refuses to start outside NODE_ENV=development/test.
 */
export function devSecretsNotice(config: Pick<Config, 'devSecrets'>, hasAccessToken: boolean): string | undefined {
  if (!hasAccessToken) return undefined;
  const missing = [
    ...(config.devSecrets.appSecret ? ['WHATSAPP_APP_SECRET (the Meta app secret)'] : []),
    ...(config.devSecrets.verifyToken ? ['WHATSAPP_VERIFY_TOKEN (the token you give Meta for the webhook handshake)'] : []),
  ];
  if (missing.length === 0) return undefined;
  return (
    `warning: this tenant has a WhatsApp access token, but the service runs on the published development secrets.\n` +
    `Set ${missing.join(' and ')} in the service's environment and restart it: until then its webhooks are ignored, ` +
    `and the service refuses to start unless NODE_ENV is development or test.\n`
  );
}
