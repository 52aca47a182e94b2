import { type Db, inTransaction, type Tx } from '../db/index.js';
import { generateInitialPassword } from './generate-initial-password.js';
import { hashPassword } from './password-hash.js';
import { isStaffRole, type StaffRole } from './staff-role.js';

/** Which account: by e-mail within a tenant named by slug (the CLI), or by id within the caller's tenant (the admin API). */
export type StaffTarget = { slug: string; email: string } | { tenantId: number; staffId: number };

export interface ManagedStaff {
  staffId: number;
  tenantId: number;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
}

export type ManageStaffOutcome =
  | { kind: 'done'; account: ManagedStaff; sessionsEnded: number }
  | { kind: 'password_reset'; account: ManagedStaff; sessionsEnded: number; initialPassword: string }
  | { kind: 'not_found' }
  | { kind: 'invalid_role'; role: string }
  /** the change would leave the tenant without an active owner (refused only when `keepAnOwner`) */
  | { kind: 'last_owner' };

export type StaffChange = { kind: 'disable' } | { kind: 'enable' } | { kind: 'role'; role: string } | { kind: 'reset_password' };

const SELECT = { id: true, tenantId: true, email: true, name: true, role: true, disabledAt: true } as const;

/**
 * Disables or enables an account, changes its role, or gives it a new one-time password,
 * in one transaction with the end of its sessions: a disabled account (and one whose
 * password was reset) is signed out everywhere at once, its next request refused. Another
 * tenant's account is `not_found`, exactly like a missing one. With `keepAnOwner` (the
 * console's owner acting) the last active owner can be neither disabled nor made an attendant.
 */
export async function manageStaffAccount(
  db: Db,
  target: StaffTarget,
  change: StaffChange,
  options: { now: Date; keepAnOwner: boolean },
): Promise<ManageStaffOutcome> {
  if (change.kind === 'role' && !isStaffRole(change.role)) return { kind: 'invalid_role', role: change.role };
  // Hashed before the transaction: argon2 takes ~0.1 s and needs no lock.
  const initialPassword = change.kind === 'reset_password' ? generateInitialPassword() : null;
  const passwordHash = initialPassword ? await hashPassword(initialPassword) : null;
  return inTransaction(db, async (tx) => {
    const found = await findTarget(tx, target);
    if (!found) return { kind: 'not_found' };
    const demotes = change.kind === 'disable' || (change.kind === 'role' && change.role !== 'owner');
    if (options.keepAnOwner && demotes && found.role === 'owner' && !found.disabledAt && (await otherActiveOwners(tx, found)) === 0) {
      return { kind: 'last_owner' };
    }
    const data =
      change.kind === 'disable'
        ? { disabledAt: found.disabledAt ?? options.now }
        : change.kind === 'enable'
          ? { disabledAt: null }
          : change.kind === 'role'
            ? { role: change.role }
            : { passwordHash: passwordHash!, mustChangePassword: true, passwordChangedAt: options.now };
    const updated = await tx.staffAccount.update({ where: { id: found.id, tenantId: found.tenantId }, data, select: SELECT });
    const endsSessions = change.kind === 'disable' || change.kind === 'reset_password';
    const ended = endsSessions
      ? await tx.staffSession.updateMany({
          where: { tenantId: found.tenantId, staffId: found.id, revokedAt: null },
          data: { revokedAt: options.now },
        })
      : { count: 0 };
    const account: ManagedStaff = {
      staffId: updated.id,
      tenantId: updated.tenantId,
      email: updated.email,
      name: updated.name,
      role: updated.role as StaffRole,
      disabled: updated.disabledAt !== null,
    };
    return initialPassword
      ? { kind: 'password_reset', account, sessionsEnded: ended.count, initialPassword }
      : { kind: 'done', account, sessionsEnded: ended.count };
  });
}

async function findTarget(tx: Tx, target: StaffTarget) {
  if ('staffId' in target) return tx.staffAccount.findFirst({ where: { id: target.staffId, tenantId: target.tenantId }, select: SELECT });
  return tx.staffAccount.findFirst({
    where: { email: target.email.trim().toLowerCase(), tenant: { slug: target.slug } },
    select: SELECT,
  });
}

async function otherActiveOwners(tx: Tx, account: { id: number; tenantId: number }): Promise<number> {
  return tx.staffAccount.count({ where: { tenantId: account.tenantId, role: 'owner', disabledAt: null, id: { not: account.id } } });
}
