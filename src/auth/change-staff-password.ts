import type { Db } from '../db/index.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { passwordProblem } from './password-policy.js';
import { countRecentFailures, markAttemptSucceeded, recordAttempt } from './sign-in-attempts.js';
import { decideSignInGate } from './sign-in-throttle.js';
import { createStaffSession, revokeAllStaffSessions } from './staff-sessions.js';

export type ChangePasswordOutcome =
  | { kind: 'changed'; token: string; sessionId: number; expiresAt: Date }
  | { kind: 'wrong_current' }
  | { kind: 'throttled'; retryAfterSeconds: number }
  | { kind: 'weak'; message: string };

/**
 * Replaces the password after checking the current one, clears "must change", ends every
 * session of the account — the one asking too — and opens a fresh session for the caller
 * (a stolen session survives neither the change nor the old token). A guess at the current
 * password counts like a wrong sign-in of the account from that address, so a stolen session
 * cannot try passwords faster than the sign-in page allows.
 */
export async function changeStaffPassword(
  db: Db,
  input: { staffId: number; sessionId: number; current: string; next: string; now: Date; address: string; userAgent: string | null },
): Promise<ChangePasswordOutcome> {
  const account = await db.staffAccount.findUnique({
    where: { id: input.staffId },
    select: { email: true, name: true, tenantId: true, passwordHash: true },
  });
  if (!account) return { kind: 'wrong_current' };
  // The session already proves the device: only this account's failures from this address hold it back.
  const gate = decideSignInGate(await countRecentFailures(db, account.email, input.address, input.now), true, input.now);
  if (gate.kind === 'throttled') return gate;
  const attemptId = await recordAttempt(db, account.email, input.address, input.now);
  if (!(await verifyPassword(account.passwordHash, input.current))) return { kind: 'wrong_current' };
  await markAttemptSucceeded(db, attemptId);
  const problem = passwordProblem(input.next, { email: account.email, name: account.name, current: input.current });
  if (problem) return { kind: 'weak', message: problem };
  const passwordHash = await hashPassword(input.next);
  await db.staffAccount.update({
    where: { id: input.staffId },
    data: { passwordHash, mustChangePassword: false, passwordChangedAt: input.now },
  });
  await revokeAllStaffSessions(db, input.staffId, input.now);
  const session = await createStaffSession(db, {
    staffId: input.staffId,
    tenantId: account.tenantId,
    now: input.now,
    address: input.address,
    userAgent: input.userAgent,
  });
  return { kind: 'changed', ...session };
}
