import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export { Prisma } from '../generated/prisma/client.js';

/**
 * How long an interactive transaction waits for a free connection before Prisma gives up
 * (P2028, "Unable to start a transaction in the given time"; Prisma's default is 2 s). A worker's
 * pool has fewer connections than job slots (boot's databasePoolSize): when every one is busy,
 * a turn's transaction waits its turn instead of failing the job.
 */
export const TRANSACTION_MAX_WAIT_MS = 10_000;

/**
 * A Prisma client over node-postgres. One per process; close it with `$disconnect()`. Given a
 * pool (the service's, shared with the queue), it runs on that pool and leaves ending it to its owner.
 */
export function createDb(source: string | pg.Pool, options: { maxConnections?: number } = {}): Db {
  const adapter =
    typeof source === 'string' ? new PrismaPg({ connectionString: source, max: options.maxConnections ?? 10 }) : new PrismaPg(source);
  return new PrismaClient({ adapter, transactionOptions: { maxWait: TRANSACTION_MAX_WAIT_MS } });
}
