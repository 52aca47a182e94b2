import { formatDemoConsoleNotice } from '../auth/index.js';
import { formatApiKeyNotice } from '../tenant/index.js';

/** The one-time secrets of a first start on a fresh embedded database (the demo tenant's). */
export interface FirstRunSecrets {
  tenantSlug: string;
  apiKey: string | null;
  console: { email: string; password: string } | null;
}

/** What a person needs once the service is up. */
export interface ServiceReady {
  /** the base URL links start with: PUBLIC_URL, or localhost on the port actually bound */
  baseUrl: string;
  role: string;
  /** where the data lives: the embedded cluster's directory, or "DATABASE_URL" */
  database: string;
  firstRun: FirstRunSecrets | null;
}

/** The plain block `npm start` prints in a terminal once it is ready: the URLs, and the first run's account and key. */
export function formatReadyNotice(ready: ServiceReady): string {
  const lines = [
    '',
    `wa-agenda is ready (${ready.role === 'all' ? 'web + worker' : ready.role})`,
    '',
    `  console         ${ready.baseUrl}/console`,
    `  admin API       ${ready.baseUrl}/admin/...   (Authorization: Bearer <admin API key>)`,
    `  WhatsApp hook   ${ready.baseUrl}/webhooks/whatsapp`,
    `  database        ${ready.database}`,
    '',
    '  Try it as a customer:  npm run chat',
  ];
  if (!ready.firstRun) lines.push('', '  (the demo account and key were shown on the first start; npm run tenant -- --help manages them)');
  return `${lines.join('\n')}\n${ready.firstRun ? formatFirstRunSecrets(ready.baseUrl, ready.firstRun) : ''}\n`;
}

/** The first run's key and console account, each shown only this once. */
export function formatFirstRunSecrets(baseUrl: string, secrets: FirstRunSecrets): string {
  return [
    secrets.apiKey ? formatApiKeyNotice(secrets.tenantSlug, secrets.apiKey) : '',
    secrets.console ? `\n${formatDemoConsoleNotice(baseUrl, secrets.console.email, secrets.console.password)}` : '',
  ].join('');
}

/** The same, without secrets, as the fields of the JSON "ready" log line (when stdout is no terminal). */
export function readyLogFields(ready: ServiceReady): Record<string, unknown> {
  return {
    role: ready.role,
    consoleUrl: `${ready.baseUrl}/console`,
    adminUrl: `${ready.baseUrl}/admin`,
    webhookUrl: `${ready.baseUrl}/webhooks/whatsapp`,
    database: ready.database,
    ...(ready.firstRun ? { demoTenant: ready.firstRun.tenantSlug, consoleAccount: ready.firstRun.console?.email ?? null } : {}),
  };
}
