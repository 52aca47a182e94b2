export { isReadableMessage, toInboundMessageContent } from './inbound-message-content.js';
export { createIntakeBatcher, type StoreInbound } from './intake-batcher.js';
export { type IntakeSummary, intakeWebhook } from './intake-webhook.js';
export { createSandboxOutboxRouter, type SandboxOutboxMessage } from './sandbox-outbox-route.js';
export { storeInboundBatch } from './store-inbound-batch.js';
export { type InboundMessageToStore, type ProcessingSchedule, storeInboundMessage } from './store-inbound-message.js';
export { createTenantResolver } from './tenant-resolver.js';
export { isValidSignature, signPayload } from './verify-signature.js';
export { createWhatsAppWebhookRouter, type WhatsAppWebhookDeps, type WhatsAppWebhookRouter } from './webhook-router.js';
