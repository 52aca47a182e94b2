import type { Db } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import { type SqlRunner, storeInboundBatch } from './store-inbound-batch.js';
import { type InboundMessageToStore, type ProcessingSchedule, storeInboundMessage } from './store-inbound-message.js';

interface Waiting {
  message: InboundMessageToStore;
  resolve(stored: StoredInbound | null): void;
  reject(error: unknown): void;
}

export interface StoredInbound {
  messageId: number;
  conversationId: number;
}

/** Stores one inbound message durably (with its job); resolves the new row, or null for a redelivery. */
export type StoreInbound = (message: InboundMessageToStore) => Promise<StoredInbound | null>;

/**
 * Group commit for the webhook: messages arriving while a batch is being written are written
 * together in the next one (no added delay when idle), so concurrent webhooks share one
 * commit and one queue NOTIFY. Each caller's promise settles only after its own batch
 * committed, so a 200 still means "stored and enqueued". If a batch fails, its messages are
 * retried one by one, so one bad message cannot fail its neighbours.
 *
 * One batch is in flight at a time unless a full batch (`maxBatch`) is already waiting: the
 * database's cost per batch (≈ 2 ms of CPU, whatever its size) is then shared by every
 * message that arrived meanwhile, instead of by half of them (docs/performance.md). A flood
 * (a 1 000-message body) still gets up to `maxInFlight` batches written side by side.
 */
export function createIntakeBatcher(
  db: Db,
  runner: SqlRunner | Db,
  schedule: ProcessingSchedule,
  logger: Logger,
  options: { maxBatch?: number; maxInFlight?: number } = {},
): StoreInbound {
  const maxBatch = options.maxBatch ?? 250;
  const maxInFlight = options.maxInFlight ?? 2;
  const waiting: Waiting[] = [];
  let inFlight = 0;

  const flush = async (batch: Waiting[]) => {
    try {
      const inserted = await storeInboundBatch(
        runner,
        batch.map((item) => item.message),
        schedule,
      );
      const seen = new Set<string>();
      for (const item of batch) {
        const id = item.message.waMessageId;
        item.resolve(seen.has(id) ? null : (inserted.get(id) ?? null));
        seen.add(id);
      }
    } catch (error) {
      logger.warn({ err: error, size: batch.length }, 'intake batch failed; storing its messages one by one');
      for (const item of batch) {
        storeInboundMessage(db, item.message, schedule).then(item.resolve, item.reject);
      }
    }
  };

  const mayStart = () => inFlight === 0 || (inFlight < maxInFlight && waiting.length >= maxBatch);
  const pump = () => {
    while (waiting.length > 0 && mayStart()) {
      const batch = waiting.splice(0, maxBatch);
      inFlight++;
      void flush(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  };

  return (message) =>
    new Promise<StoredInbound | null>((resolve, reject) => {
      waiting.push({ message, resolve, reject });
      // Let the other requests of this event-loop turn join the batch; a full batch may start
      // next to the one in flight.
      if (waiting.length === 1 || waiting.length % maxBatch === 0) setImmediate(pump);
    });
}
