export { applyStatusUpdate } from './apply-status-update.js';
export { classifyMetaError, type MetaErrorPath } from './classify-meta-error.js';
export { type CustomerWindow, readCustomerWindow } from './customer-window.js';
export { handOffUndeliveredReply } from './hand-off-undelivered-reply.js';
export { deleteExpiredParkedStatuses, PARKED_STATUSES_KEPT_DAYS } from './parked-statuses.js';
export {
  type OutboundMedia,
  type QueueOutboundRepliesRequest,
  type QueueRepliesResult,
  queueOutboundMedia,
  queueOutboundReplies,
  type StoredOutboundMessage,
} from './queue-outbound-replies.js';
export { queueTemplateMessage } from './queue-template-message.js';
export { type SendDeps, type SendResult, sendOutboundMessage, type UndeliveredHandler } from './send-outbound-message.js';
export { splitLongText, WHATSAPP_TEXT_LIMIT } from './split-long-text.js';
