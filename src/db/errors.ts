import { Prisma } from '../generated/prisma/client.js';

/**
 * True when a write was refused by an exclusion constraint (SQLSTATE 23P01), e.g. two
 * booked appointments of one professional overlapping. Through the pg adapter Prisma
 * reports it as P2039 with the driver's original code.
 */
export function isExclusionViolation(error: unknown): boolean {
  return sqlStateOf(error) === '23P01';
}

/**
 * True when the `appointments_hold_resources` trigger refused a write: a resource (a room, a
 * basin) would be used by more appointments at once than its count (SQLSTATE WA001).
 */
export function isResourceOverbooked(error: unknown): boolean {
  return sqlStateOf(error) === 'WA001';
}

/** True for a unique violation (P2002 / SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') return true;
  return sqlStateOf(error) === '23505';
}

/** True when a lock was not granted within `lock_timeout` (SQLSTATE 55P03). */
export function isLockNotAvailable(error: unknown): boolean {
  return sqlStateOf(error) === '55P03';
}

function sqlStateOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as {
    code?: unknown;
    meta?: { driverAdapterError?: { cause?: { originalCode?: unknown; code?: unknown } } };
    cause?: { originalCode?: unknown; code?: unknown };
  };
  const cause = candidate.meta?.driverAdapterError?.cause ?? candidate.cause;
  const code = cause?.originalCode ?? cause?.code ?? candidate.code;
  return typeof code === 'string' ? code : undefined;
}
