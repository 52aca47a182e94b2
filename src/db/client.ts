import { PrismaPg } from '@prisma/adapter-pg';
import type pg from 'pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export { Prisma } from '../generated/prisma/client.js';

/**
 * A Prisma client over node-postgres. One per process; close it with `$disconnect()`. Given a
 * pool (the service's, shared with the queue), it runs on that pool and leaves ending it to its owner.
 */
export function createDb(source: string | pg.Pool, options: { maxConnections?: number } = {}): Db {
  const adapter =
    typeof source === 'string' ? new PrismaPg({ connectionString: source, max: options.maxConnections ?? 10 }) : new PrismaPg(source);
  return new PrismaClient({ adapter });
}
