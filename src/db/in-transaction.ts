import type { Db, Prisma } from './client.js';

declare const insideTransaction: unique symbol;

/**
 * A client inside a transaction. Prisma's `TransactionClient` alone is no guarantee (a full
 * `PrismaClient` has every member it has), so `Tx` carries a brand that only `inTransaction`
 * grants: a function that takes a `Tx` cannot be handed the plain client.
 */
export type Tx = Prisma.TransactionClient & { readonly [insideTransaction]: true };

/** The client or a transaction: for reads and single statements that may run either way. */
export type Queryable = Db | Tx;

/** Prisma's interactive-transaction options: isolation level, wait for a connection, total time. */
export type TransactionOptions = {
  isolationLevel?: Prisma.TransactionIsolationLevel;
  /** ms to wait for a connection from the pool (Prisma's default: 2 000) */
  maxWait?: number;
  /** ms the whole transaction may take before Prisma rolls it back (Prisma's default: 5 000) */
  timeout?: number;
};

/**
 * Runs `work` in one interactive transaction and returns what it returns: committed when it
 * resolves, rolled back when it throws (the error passes through unchanged). The only producer of `Tx`.
 */
export function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, options?: TransactionOptions): Promise<T> {
  return db.$transaction((tx) => work(tx as Tx), options);
}
