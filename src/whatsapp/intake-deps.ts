import type { Db } from '../db/index.js';
import type { Logger } from '../shared/index.js';
import type { DeadLetterSink } from './dead-letters.js';
import type { ProcessingSchedule } from './inbound-message-to-store.js';
import type { StoreInbound } from './intake-batcher.js';
import type { TenantResolver } from './tenant-resolver.js';

export interface IntakeSummary {
  stored: number;
  duplicates: number;
  statuses: number;
  echoes: number;
  /** parts skipped on purpose: a field this service does not use, or a phone_number_id of no tenant */
  ignored: number;
  /** items that could not be stored and went to `webhook_dead_letters` */
  deadLettered: number;
}

export interface IntakeDeps {
  db: Db;
  logger: Logger;
  resolveTenant: TenantResolver;
  /** stores a message with its job (see createIntakeBatcher); null for a redelivery */
  storeInbound: StoreInbound;
  /** how turns are queued (debounce, cap, attempts): also for a turn queued after a merge */
  schedule: ProcessingSchedule;
  /** true when this tenant's webhooks must be ignored (signed with the development secret, tenant has a token) */
  refusesTenant?: (tenantId: number) => Promise<boolean>;
  /** takes what cannot be stored; throws only when even that fails */
  deadLetter: DeadLetterSink;
}

export const emptySummary = (): IntakeSummary => ({ stored: 0, duplicates: 0, statuses: 0, echoes: 0, ignored: 0, deadLettered: 0 });
