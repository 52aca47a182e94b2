import type { InboundMessageContent } from './inbound-message-content.js';

/** One inbound message as the intake stores it (storeInboundMessage, storeInboundBatch). */
export interface InboundMessageToStore {
  tenantId: number;
  /** the customer's phone as WhatsApp reports it (`from` / contact `wa_id`); null for a username-only user */
  waId: string | null;
  /** the customer's business-scoped user id (`from_user_id` / contact `user_id`) */
  bsuid: string | null;
  parentBsuid: string | null;
  username: string | null;
  profileName: string | null;
  waMessageId: string;
  /** Meta's timestamp of the message */
  sentAt: Date;
  content: InboundMessageContent;
  /** the click-to-WhatsApp ad's `referral`, kept on the conversation when it has none yet */
  referral: unknown;
  /** the message object as Meta sent it */
  raw: unknown;
}

export interface ProcessingSchedule {
  debounceMs: number;
  /**
   * Longest a message waits for its run while the customer keeps writing: each new message
   * pushes the run to now + debounceMs, but never past the oldest unprocessed inbound
   * message's arrival + maxWaitMs (else a customer writing every second is never answered).
   */
  maxWaitMs: number;
  maxAttempts: number;
}
