import type { Db } from '../db/index.js';
import { hashPassword, verifyPassword } from './password-hash.js';
import { passwordProblem } from './password-policy.js';
import { revokeAllStaffSessions } from './staff-sessions.js';

export type ChangePasswordOutcome = { kind: 'changed' } | { kind: 'wrong_current' } | { kind: 'weak'; message: string };

/**
 * Replaces the password after checking the current one, clears "must change" and ends every
 * other session of the account (a stolen session does not survive a password change).
 */
export async function changeStaffPassword(
  db: Db,
  input: { staffId: number; sessionId: number; current: string; next: string; now: Date },
): Promise<ChangePasswordOutcome> {
  const account = await db.staffAccount.findUnique({ where: { id: input.staffId }, select: { email: true, passwordHash: true } });
  if (!account || !(await verifyPassword(account.passwordHash, input.current))) return { kind: 'wrong_current' };
  const problem = passwordProblem(input.next, { email: account.email, current: input.current });
  if (problem) return { kind: 'weak', message: problem };
  const passwordHash = await hashPassword(input.next);
  await db.staffAccount.update({
    where: { id: input.staffId },
    data: { passwordHash, mustChangePassword: false, passwordChangedAt: input.now },
  });
  await revokeAllStaffSessions(db, input.staffId, input.now, input.sessionId);
  return { kind: 'changed' };
}
