/** Identifiers of the jobs this service runs (graphile-worker task names). */
export const TASKS = {
  processConversation: 'process-conversation',
  sendMessage: 'send-message',
  sendReminder: 'send-reminder',
  eraseExpiredData: 'erase-expired-data',
  collectJobQueues: 'collect-job-queues',
  offerWaitlistOpening: 'offer-waitlist-opening',
  passWaitlistOffer: 'pass-waitlist-offer',
  expireWaitlistEntries: 'expire-waitlist-entries',
  createDepositCharge: 'create-deposit-charge',
  expireDepositHold: 'expire-deposit-hold',
  refundDeposit: 'refund-deposit',
  cancelDepositCharge: 'cancel-deposit-charge',
} as const;

/**
 * The named queue of a conversation: graphile-worker runs the jobs of one named queue one at
 * a time, in order, so a conversation's runs never overlap and its replies go out in order,
 * while different conversations run in parallel.
 */
export const conversationQueueName = (conversationId: number) => `conversation:${conversationId}`;

/**
 * Priority of reply sends: before any turn. A conversation's named queue runs its jobs one at a
 * time, by priority, then due time: a reply queued while the customer already wrote again went
 * out only after the conversation's whole next turn (model calls included) at the default 0.
 */
export const SEND_PRIORITY = -1;
