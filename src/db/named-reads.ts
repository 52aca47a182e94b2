import type { Logger } from '../shared/index.js';
import { createDb, type Db } from './client.js';
import { createDatabasePool, sessionName } from './pool.js';
import { advanceCatchUp, type CatchUpMark, chooseReadSource, parseLsn, type ReadSource, type ReplicaState } from './read-source.js';
import { ormSqlReads, poolSqlReads, type SqlReads } from './sql-reads.js';

/** One database to read from: its ORM client, and the same database's plain-SQL reads (sql-reads.ts). */
export interface ReadClient {
  db: Db;
  sql: SqlReads;
}

/**
 * The one place that picks the client of a named read path (the staff lists, stats, the
 * overview, reports): the primary, or the read replica from DATABASE_REPLICA_URL when it has
 * caught up past the caller's latest write (read-source.ts). Everything else (turns, the
 * intake, the queue, every write and the reads inside them) takes the primary's `Db` directly.
 */
export interface NamedReads {
  /**
   * Runs `work` on the client chooseReadSource picks. A replica that fails it (down, cut off,
   * a query cancelled by a recovery conflict) is marked down, logged once, and `work` runs
   * again on the primary: the caller gets an answer either way.
   */
  run<T>(readAfter: number | undefined, work: (client: ReadClient) => Promise<T>): Promise<{ value: T; source: 'primary' | 'replica' }>;
  /** the primary, for the reads that must see the latest commit (authentication) */
  primary: ReadClient;
  /** the replica as the last probe or read saw it */
  state(): ReplicaState;
  /** stops probing and closes the replica's pool (the primary's belongs to its owner) */
  stop(): Promise<void>;
}

/**
 * Without a replica: every named read on the primary, as before there was one. Without `sql`
 * (tests, tools), the plain-SQL reads go through the ORM client.
 */
export function primaryReads(db: Db, sql: SqlReads = ormSqlReads(db)): NamedReads {
  const primary: ReadClient = { db, sql };
  return {
    run: async (_readAfter, work) => ({ value: await work(primary), source: 'primary' }),
    primary,
    state: () => ({ kind: 'none' }),
    stop: async () => undefined,
  };
}

export interface ReplicaReadsOptions {
  primary: ReadClient;
  replicaUrl: string;
  /** connections to the replica (the process's named reads at once) */
  poolSize: number;
  role: string;
  logger: Logger;
  /** how often the replica's position is checked against the primary's (ms) */
  probeMs?: number;
  /** a replica not seen caught up for this long serves nobody (ms) */
  maxLagMs?: number;
  now?: () => number;
}

/**
 * Named reads with a replica. Every `probeMs` it reads the primary's WAL position, then asks
 * the replica how far it has replayed: the latest probe it has replayed past says up to when
 * it holds everything (`caughtUpTo`). A failed probe or read marks it down (one warning);
 * the next good probe brings it back (one info line).
 */
export function createReplicaReads(options: ReplicaReadsOptions): NamedReads {
  const now = options.now ?? Date.now;
  const maxLagMs = options.maxLagMs ?? 30_000;
  const log = options.logger.child({ component: 'read-replica' });
  const pool = createDatabasePool(options.replicaUrl, {
    max: options.poolSize,
    applicationName: sessionName(options.role, 'replica'),
    // Its dropped connections are the one "replica unavailable" warning below, not one line per socket.
    logger: options.logger.child({}, { level: 'error' }),
    component: 'read-replica',
  });
  // Unprepared: nothing says the replica's URL is not a transaction pooler's.
  const replica: ReadClient = { db: createDb(pool.pool), sql: poolSqlReads(pool.pool, { prepared: false }) };
  let state: ReplicaState = { kind: 'down' };
  let marks: CatchUpMark[] = [];
  let caughtUpTo: number | undefined;
  let warned = false;

  const markDown = (error: unknown) => {
    state = { kind: 'down' };
    caughtUpTo = undefined;
    marks = [];
    if (!warned) log.warn({ err: error }, 'read replica unavailable: named reads go to the primary until it answers again');
    warned = true;
  };

  let probing = false;
  const probe = async () => {
    if (probing) return;
    probing = true;
    try {
      const at = now();
      const [written] = await options.primary.db.$queryRaw<{ lsn: string }[]>`SELECT pg_current_wal_insert_lsn()::text AS lsn`;
      const [replayed] = await replica.db.$queryRaw<{ lsn: string | null }[]>`SELECT pg_last_wal_replay_lsn()::text AS lsn`;
      const primaryLsn = parseLsn(written?.lsn);
      const replayLsn = parseLsn(replayed?.lsn);
      // Not a standby (promoted, or pointed at a primary by mistake): no replay position to trust.
      if (primaryLsn === undefined || replayLsn === undefined) throw new Error('DATABASE_REPLICA_URL is not a streaming standby');
      const advanced = advanceCatchUp([...marks, { at, lsn: primaryLsn }], replayLsn, caughtUpTo);
      marks = advanced.marks;
      caughtUpTo = advanced.caughtUpTo;
      if (caughtUpTo !== undefined) {
        if (warned && state.kind === 'down') log.info('read replica answering again: named reads use it');
        warned = false;
        state = { kind: 'up', caughtUpTo };
      }
    } catch (error) {
      markDown(error);
    } finally {
      probing = false;
    }
  };
  const timer = setInterval(() => void probe(), options.probeMs ?? 250);
  timer.unref();
  void probe();

  return {
    run: async (readAfter, work) => {
      const choice: ReadSource = chooseReadSource({ replica: state, readAfter, now: now(), maxLagMs });
      if (choice.source === 'replica') {
        try {
          return { value: await work(replica), source: 'replica' };
        } catch (error) {
          markDown(error);
        }
      }
      return { value: await work(options.primary), source: 'primary' };
    },
    primary: options.primary,
    state: () => state,
    stop: async () => {
      clearInterval(timer);
      await replica.db.$disconnect();
      await pool.end();
    },
  };
}
