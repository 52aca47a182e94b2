import pg from 'pg';
import { createDb, type Db } from '../../src/db/index.js';

/** What a statement counter saw since its last reset. */
export interface StatementCount {
  /** every statement sent, in order, its text squeezed to one line (BEGIN and COMMIT included) */
  statements: string[];
  /** transactions committed: a statement outside BEGIN … COMMIT is one, as PostgreSQL's xact_commit counts it */
  commits: number;
}

export interface CountingDatabase {
  /** a Prisma client whose every statement goes through the counted pool */
  db: Db;
  pool: pg.Pool;
  /** what was sent since the last reset */
  count(): StatementCount;
  reset(): void;
  end(): Promise<void>;
}

const textOf = (query: unknown): string => {
  const text = typeof query === 'string' ? query : ((query as { text?: unknown } | null)?.text ?? '');
  return String(text).replace(/\s+/g, ' ').trim();
};

/**
 * A Prisma client (and its node-postgres pool) on the test database that counts what it sends:
 * each pooled connection's `query` is wrapped when the connection opens, so ORM calls, raw
 * statements and the transactions' BEGIN/COMMIT are all seen. Commits are counted per
 * connection, so concurrent transactions do not blur the count. `ignore` leaves out statements
 * that run on a timer rather than per message (a claim watch's poll), outside transactions only.
 */
export function countingDatabase(url: string, options: { max?: number; ignore?: (statement: string) => boolean } = {}): CountingDatabase {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10 });
  let statements: string[] = [];
  let commits = 0;
  pool.on('connect', (client) => {
    let inTransaction = false;
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const text = textOf(args[0]);
      if (!inTransaction && options.ignore?.(text)) return query(...args);
      statements.push(text);
      const word = text.split(' ', 1)[0]?.toUpperCase();
      if (word === 'BEGIN') inTransaction = true;
      else if (word === 'COMMIT' || word === 'ROLLBACK') {
        if (word === 'COMMIT') commits++;
        inTransaction = false;
      } else if (!inTransaction) commits++;
      return query(...args);
    };
  });
  const db = createDb(pool);
  return {
    db,
    pool,
    count: () => ({ statements: [...statements], commits }),
    reset: () => {
      statements = [];
      commits = 0;
    },
    end: async () => {
      await db.$disconnect();
      await pool.end();
    },
  };
}
