import type { Db } from '../db/index.js';
import type { InboundMessageContent } from './inbound-message-content.js';
import { storeInboundBatch } from './store-inbound-batch.js';

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

/**
 * Stores one inbound message and enqueues its conversation's processing, atomically, in ONE
 * statement: the same statement as `storeInboundBatch` with one message (customer found by
 * phone or business-scoped user id, conversation, message, debounced job). A message whose
 * kind is never answered (reactions, system notices, revokes) is stored `processed` and
 * enqueues nothing. Returns null for a redelivery.
 */
export async function storeInboundMessage(
  db: Db,
  message: InboundMessageToStore,
  schedule: ProcessingSchedule,
): Promise<{ messageId: number; conversationId: number } | null> {
  const stored = await storeInboundBatch(db, [message], schedule);
  return stored.get(message.waMessageId) ?? null;
}
