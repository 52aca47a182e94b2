import type { Db } from '../db/index.js';
import type { InboundMessageToStore, ProcessingSchedule } from './inbound-message-to-store.js';
import { storeInboundBatch } from './store-inbound-batch.js';

export type { InboundMessageToStore, ProcessingSchedule } from './inbound-message-to-store.js';

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
