import { type Db, Prisma } from '../db/index.js';
import { type RecentFailures, SIGN_IN_WINDOW_MS } from './sign-in-throttle.js';

/** Counts the recent failures that gate a sign-in of `email` from `address` (see decideSignInGate). */
export async function countRecentFailures(db: Db, email: string, address: string, now: Date): Promise<RecentFailures> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  const rows = await db.$queryRaw<
    { pair: number; pair_at: Date | null; account: number; account_at: Date | null; address: number; address_at: Date | null }[]
  >(Prisma.sql`
    WITH last_success AS (
      SELECT coalesce(max(created_at), '-infinity'::timestamptz) AS at
      FROM staff_sign_in_attempts WHERE email = ${email} AND succeeded AND created_at >= ${since}
    ), failures AS (
      SELECT email, address, created_at, created_at > (SELECT at FROM last_success) AS since_success
      FROM staff_sign_in_attempts
      WHERE NOT succeeded AND created_at >= ${since} AND (email = ${email} OR address = ${address})
    )
    SELECT
      count(*) FILTER (WHERE email = ${email} AND address = ${address} AND since_success)::int AS pair,
      max(created_at) FILTER (WHERE email = ${email} AND address = ${address} AND since_success) AS pair_at,
      count(*) FILTER (WHERE email = ${email} AND since_success)::int AS account,
      max(created_at) FILTER (WHERE email = ${email} AND since_success) AS account_at,
      count(*) FILTER (WHERE address = ${address})::int AS address,
      max(created_at) FILTER (WHERE address = ${address}) AS address_at
    FROM failures`);
  const row = rows[0];
  return {
    pair: { count: row?.pair ?? 0, latestAt: row?.pair_at ?? null },
    account: { count: row?.account ?? 0, latestAt: row?.account_at ?? null },
    address: { count: row?.address ?? 0, latestAt: row?.address_at ?? null },
  };
}

/** How far back a sign-in from the same address makes it a known one (the sessions of that period are kept). */
export const KNOWN_ADDRESS_DAYS = 30;

/** Whether this account signed in from `address` within `days` (its sessions remember where from). */
export async function isKnownAddress(db: Db, staffId: number, address: string, now: Date, days = KNOWN_ADDRESS_DAYS): Promise<boolean> {
  const since = new Date(now.getTime() - days * 86_400_000);
  const session = await db.staffSession.findFirst({ where: { staffId, address, createdAt: { gte: since } }, select: { id: true } });
  return session !== null;
}

/** Records an attempt as failed before the password is checked, so parallel guesses all count. */
export async function recordAttempt(db: Db, email: string, address: string, now: Date): Promise<number> {
  const row = await db.staffSignInAttempt.create({ data: { email, address, succeeded: false, createdAt: now }, select: { id: true } });
  return row.id;
}

export async function markAttemptSucceeded(db: Db, attemptId: number): Promise<void> {
  await db.staffSignInAttempt.update({ where: { id: attemptId }, data: { succeeded: true } });
}

/**
 * Deletes sign-in attempts older than `keepDays`: they hold typed emails and client addresses
 * (personal data), and the throttle only ever reads the last SIGN_IN_WINDOW_MS. Kept a few days
 * beyond that, to look into a run of guesses. Returns how many went.
 */
export async function deleteOldSignInAttempts(db: Db, options: { now: Date; keepDays: number }): Promise<number> {
  const before = new Date(options.now.getTime() - Math.max(options.keepDays * 86_400_000, SIGN_IN_WINDOW_MS));
  return db.$executeRaw`DELETE FROM staff_sign_in_attempts WHERE created_at < ${before}`;
}
