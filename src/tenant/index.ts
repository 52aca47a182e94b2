export { generateApiKey, hashApiKey } from './api-key.js';
export { DEMO_TENANT_FILE, importDemoTenantIfNoTenants } from './demo-tenant.js';
export { formatApiKeyNotice } from './format-api-key-notice.js';
export { type ImportTenantOutcome, importTenant } from './import-tenant.js';
export { listTenants, type TenantSummary } from './list-tenants.js';
export { localDateTimeToUtc } from './local-date-time-to-utc.js';
export {
  type NotificationTemplates,
  notificationTemplatesSchema,
  readNotificationTemplates,
  type WhatsappTemplate,
} from './notification-templates.js';
export { formatJsonPath, type ParsedTenantFile, parseTenantFile, readTenantFile } from './parse-tenant-file.js';
export { type RevokeApiKeyOutcome, revokeApiKey } from './revoke-api-key.js';
export { type TenantFile, tenantFileSchema } from './tenant-file-schema.js';
