import type { Db } from '../db/index.js';
import { isKnownDevice, issueDeviceCookie } from './device-cookie.js';
import { verifyAgainstNothing, verifyPassword } from './password-hash.js';
import { countRecentFailures, isKnownAddress, markAttemptSucceeded, recordAttempt } from './sign-in-attempts.js';
import { decideSignInGate } from './sign-in-throttle.js';
import { createStaffSession } from './staff-sessions.js';

export type SignInOutcome =
  | { kind: 'signed_in'; token: string; sessionId: number; expiresAt: Date; mustChangePassword: boolean; deviceCookie: string }
  | { kind: 'refused' }
  | { kind: 'throttled'; retryAfterSeconds: number };

/**
 * Checks an e-mail and password. A wrong password, an unknown e-mail and a disabled account
 * are all `refused` (same answer, same time spent). Failures make further tries wait longer
 * (see `decideSignInGate`); a browser holding this account's device cookie, or an address it
 * signed in from lately, waits only for its own failures, so nobody can lock the owner out
 * by guessing at the owner's e-mail. A success also returns a fresh device cookie.
 */
export async function signInStaff(
  db: Db,
  input: { email: string; password: string; address: string; userAgent: string | null; now: Date; deviceCookie?: string | null },
): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase().slice(0, 200);
  const account = await db.staffAccount.findUnique({
    where: { email },
    select: { id: true, tenantId: true, passwordHash: true, disabledAt: true, mustChangePassword: true },
  });
  const trusted =
    account !== null &&
    (isKnownDevice(input.deviceCookie ?? null, account, input.now) || (await isKnownAddress(db, account.id, input.address, input.now)));
  const gate = decideSignInGate(await countRecentFailures(db, email, input.address, input.now), trusted, input.now);
  if (gate.kind === 'throttled') return gate;
  const attemptId = await recordAttempt(db, email, input.address, input.now);
  const matches = account ? await verifyPassword(account.passwordHash, input.password) : await verifyAgainstNothing(input.password);
  if (!account || !matches || account.disabledAt) return { kind: 'refused' };
  await markAttemptSucceeded(db, attemptId);
  const session = await createStaffSession(db, {
    staffId: account.id,
    tenantId: account.tenantId,
    now: input.now,
    address: input.address,
    userAgent: input.userAgent,
  });
  return {
    kind: 'signed_in',
    ...session,
    mustChangePassword: account.mustChangePassword,
    deviceCookie: issueDeviceCookie(account, input.now),
  };
}
