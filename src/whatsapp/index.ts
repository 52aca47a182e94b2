export { assertWithinCustomerWindow } from './customer-window.js';
export { type QueueOutboundRepliesRequest, queueOutboundReplies, type StoredOutboundMessage } from './queue-outbound-replies.js';
export { splitLongText, WHATSAPP_TEXT_LIMIT } from './split-long-text.js';
