import type { Db } from '../db/index.js';
import { verifyAgainstNothing, verifyPassword } from './password-hash.js';
import { countRecentFailures, markAttemptSucceeded, recordAttempt } from './sign-in-attempts.js';
import { decideSignInGate } from './sign-in-throttle.js';
import { createStaffSession } from './staff-sessions.js';

export type SignInOutcome =
  | { kind: 'signed_in'; token: string; sessionId: number; expiresAt: Date; mustChangePassword: boolean }
  | { kind: 'refused' }
  | { kind: 'throttled'; retryAfterSeconds: number };

/**
 * Checks an e-mail and password. A wrong password, an unknown e-mail and a disabled account
 * are all `refused` (same answer, same time spent). After too many failures (see
 * `decideSignInGate`) even the right password is `throttled` until the window passes.
 */
export async function signInStaff(
  db: Db,
  input: { email: string; password: string; address: string; userAgent: string | null; now: Date },
): Promise<SignInOutcome> {
  const email = input.email.trim().toLowerCase().slice(0, 200);
  const gate = decideSignInGate(await countRecentFailures(db, email, input.address, input.now), input.now);
  if (gate.kind === 'throttled') return gate;
  const attemptId = await recordAttempt(db, email, input.address, input.now);
  const account = await db.staffAccount.findUnique({
    where: { email },
    select: { id: true, tenantId: true, passwordHash: true, disabledAt: true, mustChangePassword: true },
  });
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
  return { kind: 'signed_in', ...session, mustChangePassword: account.mustChangePassword };
}
