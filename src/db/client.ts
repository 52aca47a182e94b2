import { PrismaPg } from '@prisma/adapter-pg';
import { type Prisma, PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export { Prisma } from '../generated/prisma/client.js';

/**
 * A client inside `db.$transaction` (Prisma's TransactionClient): a function that takes a
 * `Tx` can only be called within a transaction.
 */
export type Tx = Prisma.TransactionClient;
/** The client or a transaction: for reads and single statements that may run either way. */
export type Queryable = Db | Tx;

/** A Prisma client over node-postgres. One per process; close it with `$disconnect()`. */
export function createDb(databaseUrl: string, options: { maxConnections?: number } = {}): Db {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.maxConnections ?? 10 });
  return new PrismaClient({ adapter });
}
