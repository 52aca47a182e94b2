import type { Db } from '../db/index.js';
import { newSessionToken, sessionTokenHash } from './session-token.js';
import { KNOWN_ADDRESS_DAYS } from './sign-in-attempts.js';
import type { StaffRole } from './staff-role.js';

/** A session lasts a working day after its last use, and never more than a week after sign-in. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const SESSION_MAX_MS = 7 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60_000;

/** The signed-in person behind a request. */
export interface StaffPrincipal {
  sessionId: number;
  staffId: number;
  tenantId: number;
  timezone: string;
  email: string;
  name: string;
  role: StaffRole;
  mustChangePassword: boolean;
}

export async function createStaffSession(
  db: Db,
  input: { staffId: number; tenantId: number; now: Date; address: string | null; userAgent: string | null },
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(input.now.getTime() + SESSION_IDLE_MS);
  const session = await db.staffSession.create({
    data: {
      staffId: input.staffId,
      tenantId: input.tenantId,
      tokenHash: sessionTokenHash(token),
      createdAt: input.now,
      lastSeenAt: input.now,
      expiresAt,
      address: input.address,
      userAgent: input.userAgent?.slice(0, 300) ?? null,
    },
    select: { id: true },
  });
  return { token, sessionId: session.id, expiresAt };
}

/**
 * The live session of a cookie token: not revoked, not expired, its account not disabled.
 * Extends the idle expiry (at most once a minute, up to the absolute limit). Null otherwise.
 */
export async function findStaffSession(db: Db, token: string, now: Date): Promise<StaffPrincipal | null> {
  if (token.length < 20 || token.length > 100) return null;
  const session = await db.staffSession.findUnique({
    where: { tokenHash: sessionTokenHash(token) },
    select: {
      id: true,
      createdAt: true,
      lastSeenAt: true,
      expiresAt: true,
      revokedAt: true,
      staff: {
        select: {
          id: true,
          tenantId: true,
          email: true,
          name: true,
          role: true,
          mustChangePassword: true,
          disabledAt: true,
          tenant: { select: { timezone: true } },
        },
      },
    },
  });
  if (!session || session.revokedAt || session.expiresAt <= now || session.staff.disabledAt) return null;
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    const expiresAt = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, session.createdAt.getTime() + SESSION_MAX_MS));
    await db.staffSession.updateMany({ where: { id: session.id, revokedAt: null }, data: { lastSeenAt: now, expiresAt } });
  }
  const { staff } = session;
  return {
    sessionId: session.id,
    staffId: staff.id,
    tenantId: staff.tenantId,
    timezone: staff.tenant.timezone,
    email: staff.email,
    name: staff.name,
    role: staff.role as StaffRole,
    mustChangePassword: staff.mustChangePassword,
  };
}

/** Ends one session (sign-out). Idempotent. */
export async function revokeStaffSession(db: Db, sessionId: number, now: Date): Promise<void> {
  await db.staffSession.updateMany({ where: { id: sessionId, revokedAt: null }, data: { revokedAt: now } });
}

/** Ends every live session of an account, except `keepSessionId` (e.g. the one that just changed the password). */
export async function revokeAllStaffSessions(db: Db, staffId: number, now: Date, keepSessionId?: number): Promise<number> {
  const result = await db.staffSession.updateMany({
    where: { staffId, revokedAt: null, ...(keepSessionId ? { id: { not: keepSessionId } } : {}) },
    data: { revokedAt: now },
  });
  return result.count;
}

/**
 * Deletes the sessions that ended (expired or revoked) more than `keepDays` ago: they open
 * nothing any more, and each holds a client address and browser (personal data). Never fewer
 * days than the sign-in's known-address look-back (KNOWN_ADDRESS_DAYS), which reads the
 * sessions of that period. Returns how many went.
 */
export async function deleteEndedStaffSessions(db: Db, options: { now: Date; keepDays: number }): Promise<number> {
  const before = new Date(options.now.getTime() - Math.max(options.keepDays, KNOWN_ADDRESS_DAYS) * 86_400_000);
  // Ended at the earlier of its expiry and its revocation (LEAST skips a NULL revoked_at).
  return db.$executeRaw`DELETE FROM staff_sessions WHERE LEAST(expires_at, revoked_at) < ${before}`;
}
