import pg from 'pg';
import type { Logger } from '../shared/index.js';

/** `application_name` prefix of a liveness session (what earlier releases of the recovery looked for). */
export const LIVENESS_NAME_PREFIX = 'wa-agenda-worker:';
/** Prefix of the text hashed (`hashtextextended`) into a worker pool's advisory lock key. */
export const POOL_LOCK_PREFIX = 'wa-agenda-worker-pool:';

export interface PoolLiveness {
  /** Resolves with the database time at which the pool's lock was taken; rejects when it could not be. */
  readonly held: Promise<Date>;
  /** Aborted (reason: an Error) once the lock is lost or could not be taken: the pool must stop and fence its jobs. */
  readonly signal: AbortSignal;
  /** The database's clock minus this process's (ms), from the session's quickest recent round trip. */
  clockOffsetMs(): number;
  /** Ends the session, which releases the lock; not a loss. */
  close(): Promise<void>;
}

export interface PoolLivenessOptions {
  connectionString: string;
  /** graphile-worker's WorkerPool id: what its jobs' `locked_by` says */
  poolId: string;
  logger: Logger;
  /** LISTENed on the same session (it is idle anyway): each notification's payload goes to `onNotification` */
  listenChannel?: string;
  onNotification?: (payload: string) => void;
  /** a `SELECT 1` this often proves the session still answers… */
  pingIntervalMs?: number;
  /** …and one unanswered this long counts as a lost session */
  pingTimeoutMs?: number;
}

/**
 * Keeps a worker pool's liveness lock: one dedicated session that holds
 * `pg_try_advisory_lock(hashtextextended('wa-agenda-worker-pool:' || poolId, 0))` for as long as
 * the session lives. PostgreSQL releases a session lock only when the session ends (a killed
 * process, `pg_terminate_backend`, a dropped connection, a database restart), so a free lock
 * proves the pool can no longer be sure of its jobs; dead-worker-recovery.ts frees a pool's jobs
 * only then. The session turns off the server's idle timeouts for itself, and sets TCP keepalives
 * so that the server notices a vanished machine within seconds. Its pings also read the server's
 * clock, for job-wakeups.ts.
 *
 * The lock is never taken again: once lost (the session ended, or a ping went unanswered for
 * `pingTimeoutMs`), `signal` aborts for good and the pool must fail-stop (start-worker.ts): after
 * that moment another worker may legitimately take its jobs. Never throws; failures are the
 * `held` rejection and the aborted signal.
 */
export function holdPoolLiveness(options: PoolLivenessOptions): PoolLiveness {
  const logger = options.logger.child({ component: 'worker-liveness', poolId: options.poolId });
  const controller = new AbortController();
  let closing = false;
  let pingTimer: NodeJS.Timeout | undefined;
  const client = new pg.Client({
    connectionString: options.connectionString,
    application_name: `${LIVENESS_NAME_PREFIX}${options.poolId}`.slice(0, 63),
    keepAlive: true,
    keepAliveInitialDelayMillis: 5000,
  });
  const lose = (reason: string, error?: unknown) => {
    if (pingTimer) clearInterval(pingTimer);
    if (closing || controller.signal.aborted) return;
    const lost = new Error(`worker liveness lock lost: ${reason}`, { cause: error });
    logger.error({ err: error }, `worker liveness lock lost (${reason}): this worker stops taking jobs and fences the ones it runs`);
    controller.abort(lost);
    void client.end().catch(() => undefined);
  };
  client.on('error', (error) => lose('session error', error));
  client.on('end', () => lose('session ended'));
  if (options.onNotification) {
    const onNotification = options.onNotification;
    client.on('notification', (message) => {
      if (message.channel === options.listenChannel && message.payload) onNotification(message.payload);
    });
  }

  // Round trips to the server's clock: the offset of the quickest of the last few is the best estimate.
  const clockSamples: { roundTripMs: number; offsetMs: number }[] = [];
  const sampleClock = (sentAt: number, databaseMs: number) => {
    const receivedAt = Date.now();
    clockSamples.push({ roundTripMs: receivedAt - sentAt, offsetMs: databaseMs - (sentAt + receivedAt) / 2 });
    if (clockSamples.length > 16) clockSamples.shift();
  };

  const held = (async () => {
    await client.connect();
    // The session must outlive any idle or statement timeout an operator sets for ordinary
    // sessions; and a machine that vanishes without closing its socket must be noticed by the
    // server (keepalives, user timeout) so that its lock is released. Settings a server lacks are skipped.
    await client.query(`
      SELECT set_config(v.name, v.value, false)
      FROM (VALUES ('idle_session_timeout', '0'), ('idle_in_transaction_session_timeout', '0'), ('statement_timeout', '0'),
                   ('tcp_keepalives_idle', '10'), ('tcp_keepalives_interval', '2'), ('tcp_keepalives_count', '3'),
                   ('tcp_user_timeout', '15000')) AS v(name, value)
      WHERE EXISTS (SELECT 1 FROM pg_settings s WHERE s.name = v.name)`);
    if (options.listenChannel) await client.query(`LISTEN ${pg.escapeIdentifier(options.listenChannel)}`);
    const sentAt = Date.now();
    const { rows } = await client.query<{ held: boolean; at: Date; now_ms: number }>(
      `SELECT pg_try_advisory_lock(hashtextextended($1 || $2, 0)) AS held, clock_timestamp() AS at,
              (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS now_ms`,
      [POOL_LOCK_PREFIX, options.poolId],
    );
    const row = rows[0];
    if (row) sampleClock(sentAt, row.now_ms);
    // Only a recovery that is freeing this pool's jobs at this instant holds the key: too late to start.
    if (!row?.held) throw new Error('worker liveness lock is held elsewhere: the pool is being recovered');
    return row.at;
  })();
  held.then(
    () => {
      if (controller.signal.aborted) return;
      pingTimer = setInterval(() => ping(), options.pingIntervalMs ?? 1000);
      pingTimer.unref();
    },
    (error: unknown) => lose('could not take the lock', error),
  );

  let pinging = false;
  const ping = () => {
    if (pinging) return;
    pinging = true;
    const timeout = setTimeout(() => lose('ping unanswered'), options.pingTimeoutMs ?? 5000);
    const sentAt = Date.now();
    client
      .query<{ now_ms: number }>('SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS now_ms')
      .then((result) => sampleClock(sentAt, result.rows[0]?.now_ms ?? Number.NaN))
      .catch((error: unknown) => lose('ping failed', error))
      .finally(() => {
        clearTimeout(timeout);
        pinging = false;
      });
  };

  return {
    held,
    signal: controller.signal,
    clockOffsetMs() {
      const quickest = clockSamples.filter((sample) => Number.isFinite(sample.offsetMs)).sort((a, b) => a.roundTripMs - b.roundTripMs)[0];
      return quickest?.offsetMs ?? 0;
    },
    async close() {
      closing = true;
      if (pingTimer) clearInterval(pingTimer);
      await held.catch(() => undefined);
      await client.end().catch(() => undefined);
    },
  };
}
