export { SETTINGS_FIELDS, type SettingsChange } from './apply-settings-change.js';
export { changeTenantSettings } from './change-tenant-settings.js';
export { importDemoTenantIfNoTenants } from './demo-tenant.js';
export { describeTenantFileChanges, type TenantFileChange } from './describe-tenant-file-changes.js';
export { exportTenantFile } from './export-tenant-file.js';
export { FIRST_RUN_STEPS, type FirstRunChecklist, type FirstRunStep, firstRunChecklist } from './first-run-checklist.js';
export { formatApiKeyNotice } from './format-api-key-notice.js';
export { type ImportTenantOutcome, importTenant } from './import-tenant.js';
export { listSettingsChanges, type SettingsChangeEntry } from './list-settings-changes.js';
export { listTenants, type TenantSummary } from './list-tenants.js';
export {
  type NotificationTemplates,
  notificationTemplatesSchema,
  readNotificationTemplates,
  type WhatsappTemplate,
} from './notification-templates.js';
export { formatJsonPath, type ParsedTenantFile, parseTenantFile, readTenantFile } from './parse-tenant-file.js';
export { type PaymentSettings, paymentSettingsSchema, type StoredPaymentSettings } from './payment-settings.js';
export {
  listQuickReplies,
  type QuickReplyInput,
  type QuickReplyView,
  quickReplySchema,
  saveQuickReply,
} from './quick-replies.js';
export {
  MAX_REMINDERS_PER_APPOINTMENT,
  type ReminderSetting,
  readReminderSettings,
  reminderSettingsSchema,
} from './reminder-settings.js';
export type {
  ChangeTenantSettingsRequest,
  FutureAppointment,
  SettingsActor,
  SettingsOutcome,
  SettingsProblem,
} from './settings-outcome.js';
export { isWhatsappTemplateLanguage, WHATSAPP_TEMPLATE_LANGUAGES } from './template-languages.js';
export { type TenantFile, tenantFileSchema } from './tenant-file-schema.js';
export { type AccessTokenChange, KEEP_PAYMENT_SECRETS, type PaymentSecretChanges, writeTenantFile } from './write-tenant-file.js';
