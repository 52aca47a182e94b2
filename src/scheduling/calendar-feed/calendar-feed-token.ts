import { createHash, randomBytes } from 'node:crypto';
import { type Db, inTransaction } from '../../db/index.js';

/** 32 random bytes, base64url: the feed URL's only credential. */
export const CALENDAR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

const newToken = () => randomBytes(32).toString('base64url');

/**
 * What the database keeps of a token: its SHA-256, hex (the migration that hashed existing
 * tokens computes the same in SQL). A 256-bit random token needs no salt or slow hash: nobody
 * can guess one whose hash matches, and the lookup stays one indexed equality.
 */
export function hashFeedToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/**
 * Creates a feed for each of these professionals of the tenant that has no active one, and
 * returns the tokens it created (the only moment they exist in plain: shown once, to an
 * owner). Professionals that already had a feed are not in the map. Concurrent callers each
 * get only the tokens they inserted: the partial unique index `calendar_feeds_one_active`
 * keeps one active feed per professional and skips the loser's rows.
 */
export async function createMissingCalendarFeeds(db: Db, tenantId: number, professionalIds: number[]): Promise<Map<number, string>> {
  const active = await db.calendarFeed.findMany({
    where: { tenantId, professionalId: { in: professionalIds }, revokedAt: null },
    select: { professionalId: true },
  });
  const missing = professionalIds.filter((id) => !active.some((row) => row.professionalId === id));
  if (missing.length === 0) return new Map();
  const issued = missing.map((professionalId) => ({ professionalId, token: newToken() }));
  const inserted = await db.calendarFeed.createManyAndReturn({
    data: issued.map(({ professionalId, token }) => ({ tenantId, professionalId, tokenHash: hashFeedToken(token) })),
    skipDuplicates: true,
    select: { tokenHash: true },
  });
  const kept = new Set(inserted.map((row) => row.tokenHash));
  return new Map(issued.filter(({ token }) => kept.has(hashFeedToken(token))).map(({ professionalId, token }) => [professionalId, token]));
}

/**
 * Revokes the professional's feed address (the old URL answers 404 from now on) and issues
 * a new one, returned in plain this once. Null when the professional is not the tenant's.
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
    await tx.calendarFeed.create({
      data: { tenantId: request.tenantId, professionalId: professional.id, tokenHash: hashFeedToken(token) },
      select: { id: true },
    });
  });
  return token;
}

/** The professional (and tenant) an active token opens, looked up by its hash, or null (unknown, malformed or revoked). */
export async function findCalendarFeed(
  db: Db,
  token: string,
): Promise<{ tenantId: number; tenantName: string; timezone: string; professional: { id: number; name: string } } | null> {
  if (!CALENDAR_TOKEN_PATTERN.test(token)) return null;
  const row = await db.calendarFeed.findFirst({
    where: { tokenHash: hashFeedToken(token), revokedAt: null },
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
