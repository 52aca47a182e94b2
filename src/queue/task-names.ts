/** Identifiers of the jobs this service runs (graphile-worker task names). */
export const TASKS = {
  processConversation: 'process-conversation',
  sendMessage: 'send-message',
  sendReminder: 'send-reminder',
  eraseExpiredData: 'erase-expired-data',
} as const;

/**
 * The named queue of a conversation: graphile-worker runs the jobs of one named queue one at
 * a time, in order, so a conversation's runs never overlap and its replies go out in order,
 * while different conversations run in parallel.
 */
export const conversationQueueName = (conversationId: number) => `conversation:${conversationId}`;
