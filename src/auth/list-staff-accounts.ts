import type { Queryable } from '../db/index.js';
import type { StaffRole } from './staff-role.js';

export interface StaffAccountSummary {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  /** true until the person replaced the one-time password */
  mustChangePassword: boolean;
  createdAt: Date;
}

/** The tenant's console accounts, by name. Never the password hash. */
export async function listStaffAccounts(db: Queryable, tenantId: number): Promise<StaffAccountSummary[]> {
  const rows = await db.staffAccount.findMany({
    where: { tenantId },
    orderBy: [{ name: 'asc' }, { id: 'asc' }],
    select: { id: true, email: true, name: true, role: true, disabledAt: true, mustChangePassword: true, createdAt: true },
  });
  return rows.map(({ disabledAt, role, ...row }) => ({ ...row, role: role as StaffRole, disabled: disabledAt !== null }));
}
