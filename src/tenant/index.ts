export { generateApiKey, hashApiKey } from './api-key.js';
export { type ImportTenantOutcome, importTenant } from './import-tenant.js';
export { localDateTimeToUtc } from './local-date-time-to-utc.js';
export { formatJsonPath, type ParsedTenantFile, parseTenantFile, readTenantFile } from './parse-tenant-file.js';
export { type TenantFile, tenantFileSchema } from './tenant-file-schema.js';
