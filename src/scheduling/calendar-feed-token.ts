import { randomBytes } from 'node:crypto';
import { type Db, inTransaction } from '../db/index.js';

/** 32 random bytes, base64url: the feed URL's only credential. */
export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString('base64url');

/**
 * The active feed token of each of these professionals of the tenant, creating the missing
 * ones (concurrent callers end with the same single active token: the partial unique index
 * `calendar_feeds_one_active` keeps one).
 */
export async function ensureCalendarFeedTokens(db: Db, tenantId: number, professionalIds: number[]): Promise<Map<number, string>> {
  const find = async () =>
    db.calendarFeed.findMany({
      where: { tenantId, professionalId: { in: professionalIds }, revokedAt: null },
      select: { professionalId: true, token: true },
    });
  let rows = await find();
  const missing = professionalIds.filter((id) => !rows.some((row) => row.professionalId === id));
  if (missing.length > 0) {
    await db.calendarFeed.createMany({
      data: missing.map((professionalId) => ({ tenantId, professionalId, token: newToken() })),
      skipDuplicates: true,
    });
    rows = await find();
  }
  return new Map(rows.map((row) => [row.professionalId, row.token]));
}

/**
 * Revokes the professional's feed address (the old URL answers 404 from now on) and issues
 * a new one. Null when the professional is not the tenant's.
 */
export async function rotateCalendarFeedToken(
  db: Db,
  request: { tenantId: number; professionalId: number; now: Date },
): Promise<string | null> {
  const professional = await db.professional.findFirst({
    where: { id: request.professionalId, tenantId: request.tenantId },
    select: { id: true },
  });
  if (!professional) return null;
  const token = newToken();
  await inTransaction(db, async (tx) => {
    await tx.calendarFeed.updateMany({
      where: { tenantId: request.tenantId, professionalId: professional.id, revokedAt: null },
      data: { revokedAt: request.now },
    });
    await tx.calendarFeed.create({ data: { tenantId: request.tenantId, professionalId: professional.id, token }, select: { id: true } });
  });
  return token;
}

/** The professional (and tenant) an active token opens, or null (unknown, malformed or revoked). */
export async function findCalendarFeed(
  db: Db,
  token: string,
): Promise<{ tenantId: number; tenantName: string; timezone: string; professional: { id: number; name: string } } | null> {
  if (!CALENDAR_TOKEN_PATTERN.test(token)) return null;
  const row = await db.calendarFeed.findFirst({
    where: { token, revokedAt: null },
    select: {
      tenantId: true,
      tenant: { select: { name: true, timezone: true } },
      professional: { select: { id: true, name: true } },
    },
  });
  return row
    ? { tenantId: row.tenantId, tenantName: row.tenant.name, timezone: row.tenant.timezone, professional: row.professional }
    : null;
}
