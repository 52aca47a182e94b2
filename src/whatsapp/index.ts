export { isReadableMessage, toInboundMessageContent } from './inbound-message-content.js';
export { createIntakeBatcher, type StoreInbound } from './intake-batcher.js';
export { type IntakeSummary, intakeWebhook } from './intake-webhook.js';
export { createSandboxOutboxRouter, SANDBOX_OUTBOX_PATH, type SandboxOutboxMessage } from './sandbox-outbox-route.js';
export { storeInboundBatch } from './store-inbound-batch.js';
export { type InboundMessageToStore, type ProcessingSchedule, storeInboundMessage } from './store-inbound-message.js';
export { createTenantResolver } from './tenant-resolver.js';
export { isValidSignature, signPayload } from './verify-signature.js';
export { createWhatsAppWebhookRouter, WEBHOOK_PATH, type WhatsAppWebhookDeps, type WhatsAppWebhookRouter } from './webhook-router.js';
