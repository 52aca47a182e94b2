import type { Db } from '../db/index.js';

/**
 * Entries expire with their day: every entry still waiting (or with an offer out) whose local
 * day has ended becomes `expired` (the `expire-waitlist-entries` job, every 15 minutes). Listing
 * and matching already leave such entries out by `expires_at`, so this keeps the status honest
 * for staff and reports. Returns how many expired.
 */
export async function expireWaitlistEntries(db: Db, now: Date): Promise<number> {
  return db.$executeRaw`
    UPDATE waitlist_entries SET status = 'expired', updated_at = now()
     WHERE status IN ('open', 'offered') AND expires_at <= ${now}`;
}
