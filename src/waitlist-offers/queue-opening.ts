import type { Tx } from '../db/index.js';
import { enqueueJob, TASKS } from '../queue/index.js';
import type { AppointmentChanged, BlockRemoved } from '../scheduling/appointments/index.js';
import { openingOfAppointmentChange, openingOfRemovedBlock, type SlotOpening } from './slot-opening.js';

/**
 * Queues the `offer-waitlist-opening` job of a freed slot in the caller's transaction: it runs
 * once the change committed (and never when it rolled back), outside the change's transaction,
 * so matching entries and reading availability never slow a cancellation down. The same
 * opening queued twice before it runs is one job. A tenant with no open entry for those days
 * queues nothing (the common case: most cancellations have no one waiting).
 */
export async function queueWaitlistOpening(tx: Tx, opening: SlotOpening): Promise<void> {
  if (!(await mayHaveTakers(tx, opening))) return;
  const startsAt = opening.startsAt.toISOString();
  const endsAt = opening.endsAt.toISOString();
  await enqueueJob(tx, {
    task: TASKS.offerWaitlistOpening,
    payload: { tenantId: opening.tenantId, professionalId: opening.professionalId, startsAt, endsAt },
    jobKey: `waitlist-opening:${opening.tenantId}:${opening.professionalId}:${startsAt}:${endsAt}`,
    jobKeyMode: 'replace',
    maxAttempts: 5,
  });
}

/**
 * The waitlist's subscriber to appointment changes (boot/ hands it to the scheduling domain): a
 * change that frees time still ahead (a cancellation, a move's old time, an expired deposit
 * hold: see openingOfAppointmentChange) queues that opening.
 */
export async function offerOnAppointmentChanged(tx: Tx, event: AppointmentChanged): Promise<void> {
  const opening = openingOfAppointmentChange(event);
  if (opening) await queueWaitlistOpening(tx, opening);
}

/** The waitlist's subscriber to removed blocks: the block's time still ahead is an opening. */
export async function offerOnBlockRemoved(tx: Tx, event: BlockRemoved): Promise<void> {
  const opening = openingOfRemovedBlock(event, event.at);
  if (opening) await queueWaitlistOpening(tx, opening);
}

/**
 * Whether an open entry may want this time: one whose day ends after the opening starts and at
 * most a day after it ends (an entry's `expires_at` is the end of its local day), so no time zone
 * is needed here; the job itself matches exactly.
 */
async function mayHaveTakers(tx: Tx, opening: SlotOpening): Promise<boolean> {
  const [row] = await tx.$queryRaw<{ found: boolean }[]>`
    SELECT EXISTS (
      SELECT 1 FROM waitlist_entries
       WHERE tenant_id = ${opening.tenantId}::int AND status = 'open'
         AND expires_at > ${opening.startsAt} AND expires_at <= ${opening.endsAt}::timestamptz + interval '1 day'
         AND (professional_id IS NULL OR professional_id = ${opening.professionalId}::int)
    ) AS found`;
  return row?.found ?? false;
}
