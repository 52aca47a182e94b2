import pg from 'pg';
import { type StreamingReplica, startStreamingReplica, withClient } from '../../test/support/streaming-replica.js';
import { percentile } from '../support/samples.js';

/**
 * The primary's settings for `--replica`: a physical standby streams its WAL. PostgreSQL 18's
 * defaults already allow it; they are spelled out so the soak does not depend on them. The
 * standby's replication slot keeps the WAL it still needs; `wal_keep_size` covers the copy.
 */
export const PRIMARY_REPLICATION_SETTINGS: Record<string, string> = {
  wal_level: 'replica',
  max_wal_senders: '5',
  wal_keep_size: '512MB',
  hot_standby: 'on',
};

/** The standby's `application_name` on the primary (pg_stat_replication). */
const APPLICATION_NAME = 'wa_agenda_replica';

export interface SoakReplica {
  /** the soak's database on the standby (read-only) */
  url: string;
  /** e.g. `PostgreSQL 18.1` */
  version: string;
  pid(): number | undefined;
  /** the standby's temporary directory (removed by stop()) */
  directory: string;
  /** starts sampling the standby's lag on the primary about every `everyMs` */
  startLagSampler(everyMs?: number): LagSampler;
  /** transactions the standby has committed in the soak's database so far (its own pg_stat_database) */
  transactions(): Promise<number>;
  /** fast shutdown, its slot dropped on the primary, its files removed */
  stop(): Promise<void>;
}

export interface LagSampler {
  stop(): Promise<ReplicaLag>;
}

export interface ReplicaLag {
  samples: number;
  /** seconds the standby was seen streaming, out of `samples` */
  streaming: number;
  /** replay_lag (ms) as the primary reports it; an idle, caught-up standby reports none, counted as 0 */
  p50Ms: number;
  maxMs: number;
  /** WAL the primary had written and the standby not yet replayed (bytes) */
  maxBytesBehind: number;
}

/**
 * A hot standby of the soak's embedded primary (`primaryDataDir`, which this process can read),
 * made from a low-level base backup and streaming from it (test/support/streaming-replica.ts).
 */
export async function startSoakReplica(options: { primaryUrl: string; primaryDataDir: string; logDir: string }): Promise<SoakReplica> {
  const replica: StreamingReplica = await startStreamingReplica({ ...options, name: APPLICATION_NAME });
  const database = new URL(options.primaryUrl).pathname.slice(1);
  const version = await withClient(
    replica.url,
    async (client) => {
      const result = await client.query<{ server_version: string }>('SHOW server_version');
      return `PostgreSQL ${result.rows[0]?.server_version.split(' ')[0] ?? '?'}`;
    },
    5000,
  );
  return {
    url: replica.url,
    version,
    pid: replica.pid,
    directory: replica.directory,
    startLagSampler: (everyMs = 1000) => startLagSampler(options.primaryUrl, replica.applicationName, everyMs),
    transactions: () =>
      withClient(
        replica.url,
        async (client) => {
          const result = await client.query<{ commits: string }>(
            'SELECT xact_commit::text AS commits FROM pg_stat_database WHERE datname = $1',
            [database],
          );
          return Number(result.rows[0]?.commits ?? 0);
        },
        5000,
      ),
    stop: replica.stop,
  };
}

function startLagSampler(primaryUrl: string, applicationName: string, everyMs: number): LagSampler {
  const client = new pg.Client({ connectionString: primaryUrl, application_name: 'soak lag sampler' });
  const lags: number[] = [];
  let samples = 0;
  let streaming = 0;
  let maxBytesBehind = 0;
  let stopped = false;
  const sample = async () => {
    samples++;
    const result = await client.query<{ state: string; lag_ms: number | null; behind: string | null }>(
      `SELECT state, EXTRACT(epoch FROM replay_lag) * 1000 AS lag_ms,
              pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::text AS behind
         FROM pg_stat_replication WHERE application_name = $1`,
      [applicationName],
    );
    const row = result.rows[0];
    if (row?.state !== 'streaming') return;
    streaming++;
    lags.push(Number(row.lag_ms ?? 0));
    maxBytesBehind = Math.max(maxBytesBehind, Number(row.behind ?? 0));
  };
  // A failed sample (the primary restarting, say) is a sample without a streaming standby.
  const loop = (async () => {
    await client.connect();
    while (!stopped) {
      const next = Date.now() + everyMs;
      await sample().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
    }
  })().catch(() => undefined);
  return {
    stop: async () => {
      stopped = true;
      await loop;
      await client.end().catch(() => undefined);
      return {
        samples,
        streaming,
        p50Ms: lags.length > 0 ? percentile(lags, 50) : Number.NaN,
        maxMs: lags.length > 0 ? Math.max(...lags) : Number.NaN,
        maxBytesBehind,
      };
    },
  };
}
