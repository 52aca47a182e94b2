import { z } from 'zod';
import type { Db } from '../db/index.js';
import { generateInitialPassword } from './generate-initial-password.js';
import { hashPassword } from './password-hash.js';
import { STAFF_ROLES, type StaffRole } from './staff-role.js';

export type CreateStaffAccountOutcome =
  | { kind: 'created'; staffId: number; tenantSlug: string; email: string; name: string; role: StaffRole; initialPassword: string }
  | { kind: 'invalid'; problems: string[] }
  | { kind: 'tenant_not_found'; slug: string }
  | { kind: 'email_taken'; email: string };

const inputSchema = z.object({
  email: z.email('expected an e-mail address').trim().toLowerCase().max(200),
  name: z.string().trim().min(1, 'name must not be empty').max(80, 'name: at most 80 characters'),
  role: z.enum(STAFF_ROLES, { error: 'role: expected owner or attendant' }).default('attendant'),
});
const slugSchema = z.string().trim().min(1, 'tenant slug must not be empty');

/** Whose account: the tenant by slug (the CLI) or by id (the admin API, already authenticated for it). */
export type StaffAccountTenant = { slug: string } | { tenantId: number };

/**
 * Creates a console account for the tenant with a fresh one-time password, returned here
 * once (only its argon2id hash is stored) and to be changed at first sign-in. E-mails are
 * unique across tenants (sign-in asks for no tenant); a taken one is refused, never reused.
 * By tenant id the only statement that may touch another tenant's rows is the insert, which
 * the unique index refuses: no other tenant's account is ever read.
 */
export async function createStaffAccount(
  db: Db,
  input: StaffAccountTenant & { email: string; name: string; role?: string },
): Promise<CreateStaffAccountOutcome> {
  const parsed = inputSchema.safeParse(input);
  const slug = 'slug' in input ? slugSchema.safeParse(input.slug) : null;
  if (!parsed.success || (slug && !slug.success)) {
    const issues = [...(parsed.success ? [] : parsed.error.issues), ...(slug && !slug.success ? slug.error.issues : [])];
    return { kind: 'invalid', problems: issues.map((issue) => issue.message) };
  }
  const { email, name, role } = parsed.data;
  const tenant = slug?.success
    ? await db.tenant.findUnique({ where: { slug: slug.data }, select: { id: true, slug: true } })
    : await db.tenant.findUnique({ where: { id: (input as { tenantId: number }).tenantId }, select: { id: true, slug: true } });
  if (!tenant) return { kind: 'tenant_not_found', slug: slug?.success ? slug.data : '' };
  if (slug) {
    const taken = await db.staffAccount.findUnique({ where: { email }, select: { id: true } });
    if (taken) return { kind: 'email_taken', email };
  }
  const initialPassword = generateInitialPassword();
  const passwordHash = await hashPassword(initialPassword);
  try {
    const account = await db.staffAccount.create({
      data: { tenantId: tenant.id, email, name, role, passwordHash, mustChangePassword: true },
      select: { id: true },
    });
    return { kind: 'created', staffId: account.id, tenantSlug: tenant.slug, email, name, role, initialPassword };
  } catch (error) {
    // Two `staff add` at once for the same e-mail (or, by tenant id, any taken e-mail): the unique index decides.
    if ((error as { code?: string }).code === 'P2002') return { kind: 'email_taken', email };
    throw error;
  }
}
