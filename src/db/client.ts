import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client.js';

export type Db = PrismaClient;
export { Prisma } from '../generated/prisma/client.js';

/** A Prisma client over node-postgres. One per process; close it with `$disconnect()`. */
export function createDb(databaseUrl: string, options: { maxConnections?: number } = {}): Db {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.maxConnections ?? 10 });
  return new PrismaClient({ adapter });
}
