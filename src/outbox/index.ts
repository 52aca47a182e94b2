export { applyStatusUpdate } from './apply-status-update.js';
export { assertWithinCustomerWindow } from './customer-window.js';
export { createGraphApiClient, type GraphApiClient, type GraphApiClientOptions, type GraphTarget } from './graph-api-client.js';
export { GraphApiError } from './graph-api-error.js';
export { handOffUndeliveredReply } from './hand-off-undelivered-reply.js';
export { type QueueOutboundRepliesRequest, queueOutboundReplies, type StoredOutboundMessage } from './queue-outbound-replies.js';
export { type SendResult, sendOutboundMessage } from './send-outbound-message.js';
export { splitLongText, WHATSAPP_TEXT_LIMIT } from './split-long-text.js';
export { toGraphMessage } from './to-graph-message.js';
