import { createHash } from 'node:crypto';
import type pg from 'pg';
import type { Prisma } from './client.js';
import type { Queryable } from './in-transaction.js';

/**
 * Plain-SQL reads for the statements every staff request pays (the API-key lookup, the agenda
 * listing). Through the ORM client each one allocates enough that young collections pause for
 * 10–20 ms under load (docs/performance.md); on node-postgres directly the same statement
 * leaves almost nothing behind, and as a named prepared statement it skips planning too.
 *
 * Only for statements whose columns decode the same both ways: int4, text, bool, timestamptz
 * and jsonb do (test/db/sql-reads.test.ts holds both ways to the same rows); int8, numeric and
 * date do not (node-postgres answers strings and local-midnight dates), so leave those to the ORM.
 */
export interface SqlReads {
  rows<T>(statement: Prisma.Sql): Promise<T[]>;
}

/** Through the ORM client (or a transaction): where no pool is at hand, e.g. inside a transaction. */
export function ormSqlReads(db: Queryable): SqlReads {
  return { rows: <T>(statement: Prisma.Sql) => db.$queryRaw<T[]>(statement) };
}

/** The most statement texts given a prepared name; a caller building texts beyond that runs them unnamed. */
const MAX_PREPARED_TEXTS = 64;

/**
 * On a node-postgres pool. With `prepared`, each statement text is a named prepared statement
 * (named after its text's hash, so a name never meets a second text), planned once per
 * connection. Only on a direct connection: a transaction pooler (PgBouncer before 1.21) hands
 * each transaction any server session, where the name is unknown.
 */
export function poolSqlReads(pool: pg.Pool, options: { prepared: boolean }): SqlReads {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    if (!options.prepared) return undefined;
    const known = names.get(text);
    if (known !== undefined || names.size >= MAX_PREPARED_TEXTS) return known;
    const name = `wa_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
    names.set(text, name);
    return name;
  };
  return {
    rows: async <T>(statement: Prisma.Sql) => {
      const name = nameOf(statement.text);
      const result = await pool.query({ text: statement.text, values: statement.values, ...(name === undefined ? {} : { name }) });
      return result.rows as T[];
    },
  };
}
